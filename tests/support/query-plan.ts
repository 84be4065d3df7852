import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "../../lib/generated/prisma/client";
import { runSql } from "./databases";

/*
 * PostgreSQL's plan for the SQL Prisma really sends: a client of the test's own logs each query
 * with its parameters, and EXPLAIN reads them back on the same database.
 */

export interface SentQuery {
  query: string;
  params: unknown[];
}

/** The statements `run` made Prisma send to the database at `databaseUrl`, in order. */
export async function queriesOf(databaseUrl: string, run: (client: PrismaClient) => Promise<unknown>): Promise<SentQuery[]> {
  const client = new PrismaClient({
    adapter: new PrismaPg({ connectionString: databaseUrl }),
    log: [{ emit: "event", level: "query" }],
  });
  const sent: SentQuery[] = [];
  client.$on("query", (event) => sent.push({ query: event.query, params: JSON.parse(event.params) as unknown[] }));
  try {
    await run(client);
  } finally {
    await client.$disconnect();
  }
  return sent;
}

/** The one statement among `sent` that reads `table` (its quoted name) in order. */
export function readOf(sent: readonly SentQuery[], table: string): SentQuery {
  const found = sent.filter((entry) => entry.query.includes(`"${table}"`) && entry.query.includes("ORDER BY"));
  if (found.length === 0) throw new Error(`no ordered read of ${table} among:\n${sent.map((entry) => entry.query).join("\n")}`);
  return found[0]!;
}

export async function planOf(databaseUrl: string, { query, params }: SentQuery): Promise<string> {
  const rows = (await runSql(databaseUrl, `EXPLAIN ${query}`, params)) as { "QUERY PLAN": string }[];
  return rows.map((row) => row["QUERY PLAN"]).join("\n");
}
