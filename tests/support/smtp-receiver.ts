import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { until } from "./until";

/*
 * A real SMTP server on 127.0.0.1 that keeps every message it is handed, parsed: the app under
 * test sends through it with SMTP_URL=smtp://127.0.0.1:<port>, as production sends through its
 * provider.
 */

export interface ReceivedMail {
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  /** The Message-ID header as sent, angle brackets included. */
  messageId: string;
}

export interface SmtpReceiver {
  url: string;
  readonly received: ReceivedMail[];
  /** Messages to `address` so far. */
  to(address: string): ReceivedMail[];
  /** Waits for the `count`th message to `address` and answers it. */
  waitFor(address: string, count?: number, timeoutMs?: number): Promise<ReceivedMail>;
  /**
   * Holds every message from now on in the middle of its DATA (the sender waits for the answer)
   * until the returned function is called; `held` counts those waiting.
   */
  hold(): () => void;
  readonly held: number;
  close(): Promise<void>;
}

/** The first link in a message's text that starts with `prefix`. */
export function linkIn(mail: ReceivedMail, prefix: string): string {
  const link = mail.text.split(/\s+/).find((word) => word.startsWith(prefix));
  if (!link) throw new Error(`no link starting ${prefix} in "${mail.subject}"`);
  return link;
}

export async function startSmtpReceiver(): Promise<SmtpReceiver> {
  const received: ReceivedMail[] = [];
  const gate = { closed: Promise.resolve(), held: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then(async (mail) => {
          gate.held += 1;
          await gate.closed;
          gate.held -= 1;
          const recipients = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase());
          for (const to of recipients) {
            received.push({
              to,
              from: mail.from?.text ?? "",
              subject: mail.subject ?? "",
              text: mail.text ?? "",
              html: typeof mail.html === "string" ? mail.html : "",
              messageId: mail.messageId ?? "",
            });
          }
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  // A sender that goes away mid-mail (a worker killed by the soak) resets its connection; a mail
  // server takes that in its stride: the mail was never accepted, and the sender will try again.
  server.on("error", () => undefined);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  const to = (address: string) => received.filter((mail) => mail.to === address.toLowerCase());
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    to,
    hold() {
      let open = () => undefined as void;
      gate.closed = new Promise<void>((resolve) => (open = resolve));
      return () => {
        gate.closed = Promise.resolve();
        open();
      };
    },
    get held() {
      return gate.held;
    },
    waitFor: (address, count = 1, timeoutMs = 20_000) =>
      until(`mail #${count} to ${address}`, async () => to(address)[count - 1], timeoutMs, 50),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
