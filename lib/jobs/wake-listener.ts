import "server-only";
import type PgBoss from "pg-boss";
import { type ChannelListener, listenToChannel } from "../db/channel-listener";
import { processSingleton } from "../process-state";
import { jobWakeChannel } from "../queue/queues";

/*
 * A job someone waits for (a roster import its partner polls) would wait up to half a second
 * for its queue's next poll. Sending it notifies `jobWakeChannel` at commit (lib/queue/enqueue.ts,
 * queues with `wakeOnSend`), and this connection wakes that queue's first loop in this process,
 * which looks at once. Polling stays as it was: while the connection is away (PostgreSQL
 * restarted) those jobs are found by the poll, only later. One connection per worker process.
 */

interface WakeState {
  listener?: ChannelListener;
  /** Queue name to the pg-boss id of its first loop. */
  loops: ReadonlyMap<string, string>;
}

const state = () => processSingleton<WakeState>("job-wake-listener", () => ({ loops: new Map() }));

function wake(boss: PgBoss, queue: string | undefined): void {
  const loop = queue === undefined ? undefined : state().loops.get(queue);
  if (loop !== undefined) boss.notifyWorker(loop);
}

/** Wakes the given loops (queue name to its first loop's id) when a job of their queue is sent. */
export function startWakeListener(boss: PgBoss, loops: ReadonlyMap<string, string>): void {
  const s = state();
  if (s.listener !== undefined || loops.size === 0) return;
  s.loops = loops;
  s.listener = listenToChannel({
    channel: jobWakeChannel,
    label: "job wake-up",
    onNotification: (queue) => wake(boss, queue),
    // Whatever was sent while the connection was away.
    onOpen: () => {
      for (const queue of s.loops.keys()) wake(boss, queue);
    },
  });
}

export async function stopWakeListener(): Promise<void> {
  const s = state();
  const listener = s.listener;
  s.listener = undefined;
  await listener?.stop();
}
