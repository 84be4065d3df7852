import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { config } from "../config";
import { PrismaClient } from "../generated/prisma/client";
import { dropProcessSingleton, processSingleton } from "../process-state";
import { databaseUrl } from "./database-url";

interface Clients {
  pool: pg.Pool;
  prisma: PrismaClient;
}

// One pool per process, whichever copy of lib/ asks (lib/process-state.ts).
function clients(): Clients {
  return processSingleton("db", () => {
    // allowExitOnIdle: a short-lived process (CLI, test worker) can end without closing the pool first.
    const pool = new pg.Pool({ connectionString: databaseUrl(), max: config().DB_POOL_SIZE, allowExitOnIdle: true });
    // An idle client that loses its connection emits here; without a listener it would crash the process.
    pool.on("error", () => undefined);
    return { pool, prisma: new PrismaClient({ adapter: new PrismaPg(pool) }) };
  });
}

export function db(): PrismaClient {
  return clients().prisma;
}

/** The raw pool, for the few hot paths and set-based statements that Prisma cannot express. */
export function pool(): pg.Pool {
  return clients().pool;
}

export async function closeDb(): Promise<void> {
  const current = processSingleton<Clients | undefined>("db", () => undefined);
  dropProcessSingleton("db");
  if (!current) return;
  await current.prisma.$disconnect();
  await current.pool.end();
}

export type { PrismaClient };
export type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];
