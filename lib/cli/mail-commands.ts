import "server-only";
import { listOutbox, type OutboxMessage, readOutboxMessage } from "../mail/outbox";
import { type Command, InvalidArgumentError, type OptionValues, UsageError } from "./command";
import { table } from "./output";

/*
 * The outbox (mail written under DATA_DIR when no SMTP_URL is set): how a newcomer signs in
 * without a mail server. Its messages hold sign-in links, so only this CLI reads them.
 */

function toOption(options: OptionValues): string | undefined {
  if (options.to === undefined) return undefined;
  return options.to.trim().toLowerCase();
}

const list: Command = {
  name: "mail list",
  args: "[--to <address>]",
  summary: "messages in the outbox (no SMTP_URL), newest first",
  options: ["to"],
  prepare(options) {
    const to = toOption(options);
    return async () => {
      const messages = (await listOutbox()).filter((message) => to === undefined || message.to === to);
      return {
        json: { messages: messages.map(({ id, date, to: recipient, subject }) => ({ id, date, to: recipient, subject })) },
        text:
          messages.length === 0
            ? "The outbox is empty."
            : table(
                ["ID", "DATE", "TO", "SUBJECT"],
                messages.map((message) => [message.id, message.date, message.to, message.subject]),
              ),
      };
    };
  },
};

const show: Command = {
  name: "mail show",
  args: "--id <id> | --to <address>",
  summary: "one message of the outbox with its links (by id, or the newest to an address)",
  options: ["id", "to"],
  prepare(options) {
    const to = toOption(options);
    if (options.id === undefined && to === undefined) throw new UsageError("Give --id <id> or --to <address>.");
    return async () => {
      let message: OutboxMessage | undefined;
      if (options.id !== undefined) message = await readOutboxMessage(options.id.trim());
      else message = (await listOutbox()).find((candidate) => candidate.to === to);
      if (message === undefined)
        throw new InvalidArgumentError(
          options.id !== undefined ? `No message ${options.id} in the outbox.` : `No message to ${to} in the outbox.`,
        );
      return {
        json: {
          id: message.id,
          date: message.date,
          from: message.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
        },
        text: [
          `From: ${message.from}`,
          `To: ${message.to}`,
          `Date: ${message.date}`,
          `Subject: ${message.subject}`,
          "",
          message.text,
        ].join("\n"),
      };
    };
  },
};

export const mailCommands: Command[] = [list, show];
