import path from "node:path";
import { defineConfig } from "prisma/config";

// `prisma generate` insists on locating the native schema engine even though it never runs
// it, and that engine cannot be downloaded here (see README, "Migrations"). Any existing
// file satisfies the check; migrations are applied by lib/db/migrate.ts instead.
process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= path.resolve("prisma/schema.prisma");

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://localhost/walkthrough" },
});
