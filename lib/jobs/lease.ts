import "server-only";
import { createHash } from "node:crypto";
import pg from "pg";
import { db, type Tx } from "../db/client";
import { databaseUrl } from "../db/database-url";
import { ProcessWideError } from "../process-wide-error";
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
/**
 * Connections one worker process holds for leases at most: one per leased attempt it runs at once
 * (the summed concurrency of the jobs with a `workId`, 11 today) and one for the orphan check. Part
 * of the connection budget (README, Deployment); tests/unit/job-registry.test.ts keeps it enough.
 */
export const maxLeases = 12;

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

/**
 * The attempt no longer holds its lease (its connection broke: a database restart, a cut
 * connection), so another attempt may be doing the same work: this one must write nothing more.
 */
export class LeaseLostError extends ProcessWideError {
  static override readonly kind: string = "lease-lost";
  constructor() {
    super("this attempt lost its lease; another attempt may own the work");
  }
}

/*
 * Whether the lock is still held by the lease's own session, asked from another session (the
 * writer's transaction): pg_locks shows a two-key advisory lock as (classid, objid) with objsubid 2.
 */
const heldSql = `SELECT EXISTS (
  SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND classid = ($1::int)::oid AND objid = ($2::int)::oid
    AND objsubid = 2 AND pid = $3::int AND granted) AS held`;

export interface Lease {
  /** The lease connection broke: the lock is gone, and another attempt may start this work. */
  readonly lost: boolean;
  /**
   * A fencing check: throws LeaseLostError unless the lease is still held. Inside the writer's
   * transaction (`tx`), right before its writes: a reclaimed attempt's writes are then refused,
   * since whoever took the lease over holds it until its own writes are done.
   */
  assertHeld(tx?: Tx): Promise<void>;
  release(): Promise<void>;
}

/** Takes the lease on (queue, work id) for this attempt, or answers "held" when another attempt has it. */
export async function takeLease(queue: string, workId: string): Promise<Lease | "held"> {
  const keys = lockKeys(queue, workId);
  const client = await leasePool().connect();
  // Listened to from the moment it is lent until it is given back: the pool does not listen to a
  // lent client, and a connection cut meanwhile (PostgreSQL stopped) would emit an error that,
  // unheard, ends the process.
  const state = { lost: false };
  const onError = () => (state.lost = true);
  client.on("error", onError);
  let taken: boolean;
  let pid: number;
  try {
    const { rows } = await client.query<{ taken: boolean; pid: number }>(
      "SELECT pg_try_advisory_lock($1::int, $2::int) AS taken, pg_backend_pid() AS pid",
      keys,
    );
    taken = rows[0]?.taken === true;
    pid = rows[0]?.pid ?? 0;
  } catch (error) {
    client.off("error", onError);
    client.release(true);
    throw error;
  }
  if (!taken) {
    client.off("error", onError);
    client.release(state.lost);
    return "held";
  }
  return {
    get lost() {
      return state.lost;
    },
    async assertHeld(tx) {
      if (state.lost) throw new LeaseLostError();
      const rows = tx
        ? await tx.$queryRawUnsafe<{ held: boolean }[]>(heldSql, ...keys, pid)
        : await db().$queryRawUnsafe<{ held: boolean }[]>(heldSql, ...keys, pid);
      if (rows[0]?.held !== true) {
        state.lost = true;
        throw new LeaseLostError();
      }
    },
    async release() {
      try {
        await client.query("SELECT pg_advisory_unlock($1::int, $2::int)", keys);
        client.off("error", onError);
        client.release();
      } catch {
        // Dropping the connection ends the session, and the lock with it.
        client.off("error", onError);
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
