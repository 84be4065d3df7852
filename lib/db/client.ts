import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { config } from "../config";
import { PrismaClient } from "../generated/prisma/client";

interface Clients {
  pool: pg.Pool;
  prisma: PrismaClient;
}

// The server loads lib/ twice (once directly, once inside Next's bundle); keeping the
// clients on globalThis gives both copies one pool instead of two.
const holder = globalThis as typeof globalThis & { __walkthroughDb?: Clients };

function databaseUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set: start the app with `npm start`, which provides one.");
  return url;
}

function clients(): Clients {
  if (!holder.__walkthroughDb) {
    // allowExitOnIdle: a short-lived process (CLI, test worker) can end without closing the pool first.
    const pool = new pg.Pool({ connectionString: databaseUrl(), max: config().DB_POOL_SIZE, allowExitOnIdle: true });
    // An idle client that loses its connection emits here; without a listener it would crash the process.
    pool.on("error", () => undefined);
    holder.__walkthroughDb = { pool, prisma: new PrismaClient({ adapter: new PrismaPg(pool) }) };
  }
  return holder.__walkthroughDb;
}

export function db(): PrismaClient {
  return clients().prisma;
}

/** The raw pool, for the few hot paths and set-based statements that Prisma cannot express. */
export function pool(): pg.Pool {
  return clients().pool;
}

export async function closeDb(): Promise<void> {
  const current = holder.__walkthroughDb;
  holder.__walkthroughDb = undefined;
  if (!current) return;
  await current.prisma.$disconnect();
  await current.pool.end();
}

export type { PrismaClient };
export type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];
