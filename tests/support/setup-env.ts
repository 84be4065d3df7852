import { inject } from "vitest";

// Test code reaches the app's database through the same lib/ modules the app uses.
process.env.DATABASE_URL = inject("databaseUrl");
process.env.APP_SECRET = inject("appSecret");
process.env.LOG_LEVEL ??= "warn";
