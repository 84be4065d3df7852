import "server-only";
import { listQueueStats, type QueueStats } from "../jobs/queue-stats";
import type { Command } from "./command";
import { table } from "./output";

const queueJson = (q: QueueStats) => ({
  queue: q.queue,
  queued: q.queued,
  active: q.active,
  failed: q.failed,
  dead_letter: q.deadLetter,
  ...(q.oldestWaitingSeconds !== undefined && { oldest_waiting_seconds: q.oldestWaitingSeconds }),
});

const jobs: Command = {
  name: "jobs",
  args: "",
  summary: "every job queue: queued, active, failed, dead-letter, and the oldest waiting job's age",
  options: [],
  prepare() {
    return async () => {
      const queues = await listQueueStats();
      const rows = queues.map((q) => [
        q.queue,
        String(q.queued),
        String(q.active),
        String(q.failed),
        String(q.deadLetter),
        q.oldestWaitingSeconds === undefined ? "-" : `${q.oldestWaitingSeconds}s`,
      ]);
      return {
        json: { queues: queues.map(queueJson) },
        text: table(["QUEUE", "QUEUED", "ACTIVE", "FAILED", "DEAD LETTER", "OLDEST WAITING"], rows),
      };
    };
  },
};

export const jobsCommands: Command[] = [jobs];
