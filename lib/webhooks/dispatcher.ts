import "server-only";
import { config } from "../config";
import { type ChannelListener, listenToChannel } from "../db/channel-listener";
import { log } from "../log";
import { processSingleton } from "../process-state";
import { buildDueEvents } from "./build-events";
import { type ClaimedDelivery, claimDeliveries, skipReasonOf } from "./claim-deliveries";
import { type Outcome, outcomeAfter, recordOutcomes } from "./record-outcomes";
import { privateReceiversAllowed } from "./receiver-url";
import { webhookChannel } from "./record-event";
import { decryptWebhookSecret, hmacKey } from "./secrets";
import { sendAttempt } from "./send-attempt";
import { signAttempt } from "./sign";

/*
 * Sends webhook deliveries (lib/webhooks/README.md). Every attempt is a row with its due time, not
 * a pg-boss job: the spec's schedule (1 m, 5 m, 30 m, 2 h, 12 h) is a column, a batch of due rows
 * is claimed in one statement with a lease, attempts run concurrently up to WEBHOOK_CONCURRENCY
 * per process and WEBHOOK_RECEIVER_CONCURRENCY per receiver, and outcomes are written in batches.
 * A slot is free again once its outcome is written (the lease counts until then).
 * A commit that records an event notifies the channel, so the first attempt follows at once; a
 * timer looks anyway, for retries coming due and for leases of dead workers running out.
 */

const idlePollMs = 500;
const flushBatch = 500;
const cachedKeysMax = 1000;

interface DispatcherState {
  running: boolean;
  inFlight: number;
  pumping: boolean;
  again: boolean;
  outcomes: Outcome[];
  flushActive: boolean;
  pollTimer?: NodeJS.Timeout;
  /** The notification connection; until it is open again after a break, the timer finds the work. */
  listener?: ChannelListener;
  flushing: Promise<void>;
  /** A notification or the timer came: look for events to build (not on every pump). */
  buildWanted: boolean;
}

const state = () =>
  processSingleton<DispatcherState>("webhook-dispatcher", () => ({
    running: false,
    inFlight: 0,
    pumping: false,
    again: false,
    outcomes: [],
    flushActive: false,
    flushing: Promise.resolve(),
    buildWanted: true,
  }));

/** HMAC keys by their stored (encrypted) form: decrypting once per secret, not once per attempt. */
function keysOf(claimed: ClaimedDelivery): Buffer[] {
  const cache = processSingleton("webhook-keys", () => new Map<string, Buffer>());
  const secrets = [claimed.secret_encrypted!, claimed.previous_secret_encrypted].filter(
    (value): value is string => value !== null,
  );
  return secrets.map((stored) => {
    let key = cache.get(stored);
    if (!key) {
      key = hmacKey(decryptWebhookSecret(stored));
      if (cache.size >= cachedKeysMax) cache.clear();
      cache.set(stored, key);
    }
    return key;
  });
}

async function attempt(claimed: ClaimedDelivery): Promise<Outcome> {
  const skipReason = skipReasonOf(claimed);
  if (skipReason) return { deliveryId: claimed.id, status: "skipped", skipReason };
  const settings = config();
  const number = claimed.attempts_made + 1;
  const startedAt = new Date();
  const signature = signAttempt({
    eventId: claimed.event_id,
    body: claimed.body,
    keys: keysOf(claimed),
    timestamp: Math.floor(startedAt.getTime() / 1000),
  });
  const headers = { "content-type": "application/json", "user-agent": "Service-Webhooks/1", ...signature };
  const answer = await sendAttempt(claimed.url!, headers, claimed.body, {
    allowPrivate: privateReceiversAllowed(),
    sockets: settings.WEBHOOK_RECEIVER_CONCURRENCY,
  });
  const next = outcomeAfter(claimed.id, number, answer.error === undefined, settings.WEBHOOK_RETRY_DELAYS_SECONDS);
  if (next.status === "failed")
    log().warn({ deliveryId: claimed.id, eventId: claimed.event_id }, "webhook delivery failed six times; it stops here");
  return {
    ...next,
    attempt: {
      number,
      startedAt,
      url: claimed.url!,
      statusCode: answer.statusCode,
      latencyMs: answer.latencyMs,
      excerpt: answer.excerpt,
      error: answer.error,
      headers: { ...headers, "content-length": String(Buffer.byteLength(claimed.body)) },
    },
  };
}

/**
 * Writes the outcomes gathered so far in one statement; outcomes that arrive while it runs wait
 * for the next, so batches grow with the load and nothing waits on a timer.
 */
function flush(): void {
  const s = state();
  if (s.flushActive || s.outcomes.length === 0) return;
  const batch = s.outcomes.splice(0, flushBatch);
  s.flushActive = true;
  s.flushing = recordOutcomes(batch)
    // Not written: the leases run out and the deliveries are attempted again (at least once).
    .catch((error: unknown) => log().error({ err: error, count: batch.length }, "could not record webhook attempts"))
    .finally(() => {
      s.flushActive = false;
      s.inFlight -= batch.length;
      flush();
      pump();
    });
}

function start(claimed: ClaimedDelivery): void {
  void attempt(claimed)
    .catch((error: unknown): Outcome => {
      log().error({ err: error, deliveryId: claimed.id }, "webhook attempt broke");
      return { deliveryId: claimed.id, status: "pending", nextAttemptAt: new Date(Date.now() + 60_000) };
    })
    .then((outcome) => {
      state().outcomes.push(outcome);
      flush();
    });
}

/** Builds due events and claims as many due deliveries as there is room for; runs again while there is work. */
function pump(): void {
  const s = state();
  if (!s.running) return;
  if (s.pumping) {
    s.again = true;
    return;
  }
  s.pumping = true;
  void (async () => {
    try {
      do {
        s.again = false;
        if (s.buildWanted) {
          s.buildWanted = false;
          if ((await buildDueEvents()) > 0) s.buildWanted = s.again = true;
        }
        const room = config().WEBHOOK_CONCURRENCY - s.inFlight;
        if (room <= 0) break;
        const claimed = await claimDeliveries(room, config().WEBHOOK_RECEIVER_CONCURRENCY);
        s.inFlight += claimed.length;
        for (const delivery of claimed) start(delivery);
        if (claimed.length === room) s.again = true;
      } while (s.again && s.running);
    } catch (error) {
      log().warn({ err: error }, "webhook dispatcher could not look for work");
    } finally {
      s.pumping = false;
    }
  })();
}

function wake(): void {
  state().buildWanted = true;
  pump();
}

/** Starts sending in this process (the worker side). */
export async function startWebhookDispatcher(): Promise<void> {
  const s = state();
  if (s.running) return;
  s.running = true;
  // Whatever was notified while the connection was away is looked for on every open.
  s.listener = listenToChannel({ channel: webhookChannel, label: "webhook notification", onNotification: wake, onOpen: wake });
  s.pollTimer = setInterval(wake, idlePollMs);
  s.pollTimer.unref();
  wake();
}

/** Stops claiming; attempts in flight finish (at most 10 seconds) and their outcomes are written. */
export async function stopWebhookDispatcher(): Promise<void> {
  const s = state();
  if (!s.running) return;
  s.running = false;
  clearInterval(s.pollTimer);
  const listener = s.listener;
  s.listener = undefined;
  await listener?.stop();
  while (s.inFlight > 0 || s.pumping) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    await s.flushing;
  }
}
