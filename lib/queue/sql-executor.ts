import "server-only";
import type PgBoss from "pg-boss";
import { pool, type Tx } from "../db/client";

/** What pg-boss runs its statements through when it is handed a connection (`{ db }`). */
export type SqlExecutor = PgBoss.Db;

/** The caller's Prisma transaction as a pg-boss connection: what it writes commits or rolls back with the caller. */
export function prismaExecutor(tx: Tx): SqlExecutor {
  return { executeSql: async (text, values) => ({ rows: await tx.$queryRawUnsafe(text, ...values) }) };
}

/** Runs `work` in one transaction on one pooled connection, for job-layer writes that must land together. */
export async function inTransaction<T>(work: (executor: SqlExecutor) => Promise<T>): Promise<T> {
  const client = await pool().connect();
  // The pool stops listening to a client it lends: a connection cut while it is lent (PostgreSQL
  // stopped) emits an error that, unheard, ends the process. The statement in flight fails with
  // it anyway; the broken connection is dropped rather than returned.
  let broken: Error | undefined;
  const onError = (error: Error) => (broken = error);
  client.on("error", onError);
  try {
    await client.query("BEGIN");
    const result = await work({ executeSql: (text, values) => client.query(text, values) });
    await client.query("COMMIT");
    return result;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    client.off("error", onError);
    client.release(broken);
  }
}
