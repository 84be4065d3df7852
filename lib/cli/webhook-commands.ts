import "server-only";
import type { WebhookDeliveryStatus } from "../generated/prisma/enums";
import { type DeliveryLogEntry, listDeliveries } from "../webhooks/delivery-log";
import { checkReceiverUrl, ReceiverUrlError } from "../webhooks/receiver-url";
import {
  clearReceiver,
  defaultRotationDays,
  describeReceiver,
  expirePreviousSecret,
  rotateSecret,
  setReceiver,
} from "../webhooks/receivers";
import { replayDelivery, replaySince } from "../webhooks/replay";
import { sendTestEvent } from "../webhooks/send-test-event";
import { type Command, InvalidArgumentError, type OptionValues, partnerOption, requiredOption, uuidOption } from "./command";
import { isoTime, table } from "./output";

const statuses: readonly WebhookDeliveryStatus[] = ["pending", "delivered", "failed", "skipped"];

function urlOption(options: OptionValues): string {
  try {
    return checkReceiverUrl(requiredOption(options, "url"));
  } catch (error) {
    if (error instanceof ReceiverUrlError) throw new InvalidArgumentError(`Invalid --url: ${error.message}.`);
    throw error;
  }
}

function daysOption(options: OptionValues): number {
  const text = options.days;
  if (text === undefined) return defaultRotationDays;
  const days = Number(text);
  if (!/^\d+$/.test(text) || days < 1 || days > 90)
    throw new InvalidArgumentError(`--days must be a whole number of days from 1 to 90; got "${text}".`);
  return days;
}

const set: Command = {
  name: "webhook set",
  args: "--partner <id> --url <url>",
  summary:
    "register (or move) the partner's webhook receiver; a new URL prints a new signing secret once (the old one signs 7 more days)",
  options: ["partner", "url"],
  prepare(options) {
    const partnerId = partnerOption(options);
    const url = urlOption(options);
    return async () => {
      const receiver = await setReceiver(partnerId, url);
      if (receiver.secretUnchanged) {
        return {
          json: { url: receiver.url, secret_unchanged: true },
          text: `The receiver is already ${receiver.url}: its signing secret is unchanged and not shown again (\`webhook rotate\` makes a new one).`,
        };
      }
      const until = receiver.previousExpiresAt && isoTime(receiver.previousExpiresAt);
      return {
        json: { url: receiver.url, secret: receiver.secret, ...(until && { previous_expires_at: until }) },
        text: [
          `Receiver set: ${receiver.url}`,
          "Signing secret (shown once; give it to the partner over a safe channel):",
          receiver.secret,
          ...(until ? [`The previous secret signs too until ${until}.`] : []),
        ].join("\n"),
      };
    };
  },
};

const show: Command = {
  name: "webhook show",
  args: "--partner <id>",
  summary: "the partner's receiver URL and any rotation running (never a secret)",
  options: ["partner"],
  prepare(options) {
    const partnerId = partnerOption(options);
    return async () => {
      const receiver = await describeReceiver(partnerId);
      if (!receiver) return { json: { partner_id: partnerId }, text: "This partner has no webhook receiver." };
      const rotating = receiver.previousExpiresAt ? isoTime(receiver.previousExpiresAt) : undefined;
      return {
        json: { partner_id: partnerId, url: receiver.url, rotating: rotating !== undefined, previous_expires_at: rotating },
        text: [
          `Receiver: ${receiver.url}`,
          rotating ? `Rotation running: the previous secret signs too until ${rotating}` : "No rotation running.",
        ].join("\n"),
      };
    };
  },
};

const rotate: Command = {
  name: "webhook rotate",
  args: "--partner <id> [--days 7]",
  summary: "new signing secret; the old one keeps signing for --days (default 7)",
  options: ["partner", "days"],
  prepare(options) {
    const partnerId = partnerOption(options);
    const days = daysOption(options);
    return async () => {
      const rotated = await rotateSecret(partnerId, days);
      const until = isoTime(rotated.previousExpiresAt);
      return {
        json: { secret: rotated.secret, previous_expires_at: until },
        text: `New signing secret (shown once):\n${rotated.secret}\nThe previous secret signs too until ${until}.`,
      };
    };
  },
};

const expirePrevious: Command = {
  name: "webhook expire-previous",
  args: "--partner <id>",
  summary: "end a rotation now (a suspected leak): only the new secret signs",
  options: ["partner"],
  prepare(options) {
    const partnerId = partnerOption(options);
    return async () => {
      const ended = await expirePreviousSecret(partnerId);
      return {
        json: { partner_id: partnerId, ended },
        text: ended ? "Rotation ended: only the current secret signs." : "No rotation was running.",
      };
    };
  },
};

const clear: Command = {
  name: "webhook clear",
  args: "--partner <id>",
  summary: "remove the partner's receiver: nothing more is sent",
  options: ["partner"],
  prepare(options) {
    const partnerId = partnerOption(options);
    return async () => {
      const removed = await clearReceiver(partnerId);
      return { json: { partner_id: partnerId, removed }, text: removed ? "Receiver removed." : "This partner had no receiver." };
    };
  },
};

function deliveryJson(entry: DeliveryLogEntry) {
  return {
    delivery_id: entry.id,
    event_id: entry.eventId,
    event_type: entry.eventType,
    inspection_id: entry.inspectionId,
    status: entry.status,
    skip_reason: entry.skipReason,
    replay_of: entry.replayOf,
    created_at: isoTime(entry.createdAt),
    next_attempt_at: entry.nextAttemptAt && isoTime(entry.nextAttemptAt),
    finished_at: entry.finishedAt && isoTime(entry.finishedAt),
    attempts: entry.attempts.map((attempt) => ({
      number: attempt.number,
      at: isoTime(attempt.at),
      url: attempt.url,
      status_code: attempt.statusCode,
      latency_ms: attempt.latencyMs,
      response_excerpt: attempt.excerpt,
      error: attempt.error,
    })),
  };
}

function deliveriesText(entries: DeliveryLogEntry[]): string {
  if (entries.length === 0) return "No deliveries.";
  const rows = entries.flatMap((entry) => [
    [
      entry.id,
      entry.eventType,
      entry.status + (entry.skipReason ? ` (${entry.skipReason})` : ""),
      isoTime(entry.createdAt),
      String(entry.attempts.length),
    ],
    ...entry.attempts.map((attempt) => [
      "",
      `  #${attempt.number} ${isoTime(attempt.at)}`,
      attempt.statusCode !== undefined ? `HTTP ${attempt.statusCode}` : "-",
      `${attempt.latencyMs} ms`,
      attempt.error ?? "ok",
    ]),
  ]);
  return table(["DELIVERY", "EVENT", "STATUS", "CREATED", "ATTEMPTS"], rows);
}

const deliveries: Command = {
  name: "webhook deliveries",
  args: "--partner <id> [--event <event_id>] [--status failed|pending|delivered|skipped]",
  summary: "the delivery log, newest first (100): each delivery with its attempts (time, status code, latency, error)",
  options: ["partner", "event", "status"],
  prepare(options) {
    const partnerId = partnerOption(options);
    const eventId = options.event === undefined ? undefined : uuidOption(options, "event", "an event");
    const status = options.status as WebhookDeliveryStatus | undefined;
    if (status !== undefined && !statuses.includes(status))
      throw new InvalidArgumentError(`--status must be one of ${statuses.join(", ")}; got "${status}".`);
    return async () => {
      const entries = await listDeliveries(partnerId, { eventId, status });
      return { json: { partner_id: partnerId, deliveries: entries.map(deliveryJson) }, text: deliveriesText(entries) };
    };
  },
};

const replay: Command = {
  name: "webhook replay",
  args: "--delivery <id> | --partner <id> --since <ISO date-time>",
  summary: "send a delivery's event again (same event_id, fresh signature), or every event since a time that was not delivered",
  options: ["delivery", "partner", "since"],
  prepare(options) {
    if (options.delivery !== undefined) {
      const deliveryId = uuidOption(options, "delivery", "a delivery");
      return async () => {
        const replayed = await replayDelivery(deliveryId);
        return {
          json: { delivery_id: replayed.deliveryId, event_id: replayed.eventId, replay_of: deliveryId },
          text: `Queued delivery ${replayed.deliveryId} of event ${replayed.eventId}.`,
        };
      };
    }
    const partnerId = partnerOption(options);
    const sinceText = requiredOption(options, "since");
    const since = new Date(sinceText);
    if (!/^\d{4}-\d{2}-\d{2}T/.test(sinceText) || Number.isNaN(since.getTime())) {
      throw new InvalidArgumentError(`--since must be an ISO date-time such as 2026-11-24T00:00:00Z; got "${sinceText}".`);
    }
    return async () => {
      const queued = await replaySince(partnerId, since);
      return {
        json: { partner_id: partnerId, since: isoTime(since), queued },
        text: `Queued ${queued} event(s) not delivered since ${isoTime(since)}.`,
      };
    };
  },
};

const test: Command = {
  name: "webhook test",
  args: "--partner <id>",
  summary: "send a signed webhook.test event (receivers ignore it) and log it like any delivery",
  options: ["partner"],
  prepare(options) {
    const partnerId = partnerOption(options);
    return async () => {
      const sent = await sendTestEvent(partnerId);
      return {
        json: { event_id: sent.eventId, delivery_id: sent.deliveryId },
        text: `Queued test event ${sent.eventId} (delivery ${sent.deliveryId}); see it with webhook deliveries --event ${sent.eventId}.`,
      };
    };
  },
};

export const webhookCommands: Command[] = [set, show, rotate, expirePrevious, clear, deliveries, replay, test];
