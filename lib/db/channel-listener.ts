import "server-only";
import pg from "pg";
import { log } from "../log";
import { databaseUrl } from "./database-url";

const firstReconnectMs = 1_000;
const longestReconnectMs = 30_000;

export interface ChannelListenerOptions {
  /** The channel to LISTEN on (a fixed identifier of ours, never input). */
  channel: string;
  /** Names the connection in the log: "webhook notification", "job wake-up". */
  label: string;
  onNotification: (payload: string | undefined) => void;
  /**
   * Called each time LISTEN is in place, the first time and after every reconnect: notifications
   * sent while the connection was away are lost, so this is where to look for what they said.
   */
  onOpen: () => void;
}

export interface ChannelListener {
  /** Closes the connection and stops reconnecting. */
  stop(): Promise<void>;
}

/*
 * A connection that LISTENs on one channel and, when it breaks (PostgreSQL restarted, the
 * connection cut), opens again, waiting longer after each failed try up to 30 s, for as long
 * as it is not stopped. Notifications only hurry work along: every user polls as well, so
 * while the connection is away the work is found, only later.
 */
export function listenToChannel(options: ChannelListenerOptions): ChannelListener {
  const { channel, label, onNotification, onOpen } = options;
  let running = true;
  let current: pg.Client | undefined;
  let reconnectTimer: NodeJS.Timeout | undefined;

  const open = (retryInMs: number, again: boolean): void => {
    if (!running) return;
    const client = new pg.Client({ connectionString: databaseUrl() });
    let lost = false;
    let listening = false;
    const reopen = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (current === client) current = undefined;
      void client.end().catch(() => undefined);
      if (!running) return;
      // A connection that was open starts the waits over; a try that failed waits longer next time.
      const wait = listening ? firstReconnectMs : retryInMs;
      log().warn({ err: error, retryInMs: wait }, `${label} connection lost; opening it again`);
      clearTimeout(reconnectTimer);
      reconnectTimer = setTimeout(() => open(Math.min(wait * 2, longestReconnectMs), true), wait).unref();
    };
    client.on("error", reopen);
    client.on("end", () => reopen());
    client.on("notification", (message) => onNotification(message.payload));
    current = client;
    client
      .connect()
      .then(() => client.query(`LISTEN ${channel}`))
      .then(() => {
        listening = true;
        if (again) log().info(`${label} connection open again`);
        onOpen();
      })
      .catch((error: unknown) => reopen(error as Error));
  };

  open(firstReconnectMs, false);
  return {
    async stop() {
      running = false;
      clearTimeout(reconnectTimer);
      const client = current;
      current = undefined;
      await client?.end().catch(() => undefined);
    },
  };
}
