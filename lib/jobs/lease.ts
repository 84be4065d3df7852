import "server-only";
import { createHash } from "node:crypto";
import pg from "pg";
import { databaseUrl } from "../db/database-url";
import { dropProcessSingleton, processSingleton } from "../process-state";

/*
 * A lease on one piece of work for one attempt: a PostgreSQL session advisory lock, taken with
 * pg_try_advisory_lock on a connection of its own and held for the whole attempt. It is the
 * session's, not a transaction's, so the attempt's own transactions come and go beneath it; and
 * when the worker dies its connection closes and the lock goes with it, so a killed worker's work
 * is never locked out. The connections come from a small pool apart from the app's, so an attempt
 * holding a lease never takes a connection its own queries need.
 */

const slot = "job-leases";
// More than the attempts one worker process runs at once (lib/jobs/registry.ts concurrency).
const maxLeases = 16;

function leasePool(): pg.Pool {
  return processSingleton(slot, () => {
    const leases = new pg.Pool({ connectionString: databaseUrl(), max: maxLeases, allowExitOnIdle: true });
    // An idle client that loses its connection emits here; without a listener it would crash the process.
    leases.on("error", () => undefined);
    return leases;
  });
}

/** The lock's two 32-bit keys: the queue, and the work. A collision only makes two works take turns. */
function lockKeys(queue: string, workId: string): [number, number] {
  const key = (text: string) => createHash("sha256").update(text).digest().readInt32BE(0);
  return [key(`job-lease:${queue}`), key(workId)];
}

export interface Lease {
  /** The lease connection broke: the lock is gone, and another attempt may start this work. */
  readonly lost: boolean;
  release(): Promise<void>;
}

/** Takes the lease on (queue, work id) for this attempt, or answers "held" when another attempt has it. */
export async function takeLease(queue: string, workId: string): Promise<Lease | "held"> {
  const keys = lockKeys(queue, workId);
  const client = await leasePool().connect();
  let taken: boolean;
  try {
    const { rows } = await client.query<{ taken: boolean }>("SELECT pg_try_advisory_lock($1::int, $2::int) AS taken", keys);
    taken = rows[0]?.taken === true;
  } catch (error) {
    client.release(true);
    throw error;
  }
  if (!taken) {
    client.release();
    return "held";
  }
  const state = { lost: false };
  const onError = () => (state.lost = true);
  client.on("error", onError);
  return {
    get lost() {
      return state.lost;
    },
    async release() {
      client.off("error", onError);
      try {
        await client.query("SELECT pg_advisory_unlock($1::int, $2::int)", keys);
        client.release();
      } catch {
        // Dropping the connection ends the session, and the lock with it.
        client.release(true);
      }
    },
  };
}

export async function closeLeases(): Promise<void> {
  const leases = processSingleton<pg.Pool | undefined>(slot, () => undefined);
  dropProcessSingleton(slot);
  await leases?.end();
}
