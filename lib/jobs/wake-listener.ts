import "server-only";
import pg from "pg";
import type PgBoss from "pg-boss";
import { databaseUrl } from "../db/database-url";
import { log } from "../log";
import { processSingleton } from "../process-state";
import { jobWakeChannel } from "../queue/queues";

/*
 * A job someone waits for (a roster import its partner polls) would wait up to half a second
 * for its queue's next poll. Sending it notifies `jobWakeChannel` at commit (lib/queue/enqueue.ts,
 * queues with `wakeOnSend`), and this connection wakes that queue's first loop in this process,
 * which looks at once. Polling stays as it was: while the connection is away (PostgreSQL
 * restarted) those jobs are found by the poll, only later. One connection per worker process.
 */

const firstReconnectMs = 1_000;
const longestReconnectMs = 30_000;

interface WakeState {
  running: boolean;
  client?: pg.Client;
  reconnectTimer?: NodeJS.Timeout;
  /** Queue name to the pg-boss id of its first loop. */
  loops: ReadonlyMap<string, string>;
}

const state = () => processSingleton<WakeState>("job-wake-listener", () => ({ running: false, loops: new Map() }));

function wake(boss: PgBoss, queue: string | undefined): void {
  const loop = queue === undefined ? undefined : state().loops.get(queue);
  if (loop !== undefined) boss.notifyWorker(loop);
}

function listen(boss: PgBoss, retryInMs: number): void {
  const s = state();
  if (!s.running) return;
  const client = new pg.Client({ connectionString: databaseUrl() });
  let lost = false;
  let open = false;
  const reopen = (error?: Error) => {
    if (lost) return;
    lost = true;
    if (s.client === client) s.client = undefined;
    void client.end().catch(() => undefined);
    if (!s.running) return;
    const wait = open ? firstReconnectMs : retryInMs;
    log().warn({ err: error, retryInMs: wait }, "job wake-up connection lost; opening it again");
    clearTimeout(s.reconnectTimer);
    s.reconnectTimer = setTimeout(() => listen(boss, Math.min(wait * 2, longestReconnectMs)), wait).unref();
  };
  client.on("error", reopen);
  client.on("end", () => reopen());
  client.on("notification", (message) => wake(boss, message.payload));
  s.client = client;
  client
    .connect()
    .then(() => client.query(`LISTEN ${jobWakeChannel}`))
    .then(() => {
      open = true;
      // Whatever was sent while the connection was away.
      for (const queue of s.loops.keys()) wake(boss, queue);
    })
    .catch((error: unknown) => reopen(error as Error));
}

/** Wakes the given loops (queue name to its first loop's id) when a job of their queue is sent. */
export function startWakeListener(boss: PgBoss, loops: ReadonlyMap<string, string>): void {
  const s = state();
  if (s.running || loops.size === 0) return;
  s.running = true;
  s.loops = loops;
  listen(boss, firstReconnectMs);
}

export async function stopWakeListener(): Promise<void> {
  const s = state();
  if (!s.running) return;
  s.running = false;
  clearTimeout(s.reconnectTimer);
  const client = s.client;
  s.client = undefined;
  await client?.end().catch(() => undefined);
}
