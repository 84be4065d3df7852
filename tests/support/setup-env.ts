import { inject } from "vitest";

// Test code reaches the app's database through the same lib/ modules the app uses.
process.env.DATABASE_URL = inject("databaseUrl");
process.env.APP_SECRET = inject("appSecret");
// Inherited by every app and CLI a test starts: an external database requires it.
process.env.EVIDENCE_SIGNING_KEY = inject("evidenceSigningKey");
process.env.LOG_LEVEL ??= "warn";
