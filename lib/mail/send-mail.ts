import nodemailer from "nodemailer";
import { config } from "../config";
import { log } from "../log";
import { processSingleton } from "../process-state";
import type { MailMessage } from "./message";
import { writeToOutbox } from "./outbox";

// One pooled connection set per process; the URL carries host, port, TLS and credentials.
const transport = (url: string) => processSingleton("mail:smtp-transport", () => nodemailer.createTransport(url));

/**
 * Sends through SMTP_URL, or writes to the outbox without one. Throws when the server refuses, so
 * a job that mails is retried. Logs the recipient's domain and the subject, never the body: it may
 * hold a sign-in link.
 */
export async function sendMail(pending: MailMessage | Promise<MailMessage>): Promise<void> {
  // The templates render their HTML asynchronously (react-email); callers hand over either.
  const message = await pending;
  const { SMTP_URL, MAIL_FROM } = config();
  if (SMTP_URL === undefined) {
    const stored = await writeToOutbox(message, MAIL_FROM);
    log().info({ mail: stored.id, to_domain: domainOf(message.to), subject: message.subject }, "mail written to the outbox");
    return;
  }
  await transport(SMTP_URL).sendMail({ from: MAIL_FROM, ...message });
  log().info({ to_domain: domainOf(message.to), subject: message.subject }, "mail sent");
}

const domainOf = (address: string) => address.slice(address.lastIndexOf("@") + 1);
