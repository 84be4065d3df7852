import { randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { config } from "../config";
import type { MailMessage } from "./message";

/*
 * Without SMTP_URL (the embedded default) mail is written here, one JSON file per message, so a
 * newcomer can sign in without a mail server. Only the staff CLI reads it; nothing serves it over
 * HTTP, since its messages hold sign-in links.
 */

export interface OutboxMessage extends MailMessage {
  id: string;
  from: string;
  date: string;
}

const outboxDir = () => path.join(config().DATA_DIR, "outbox");
const idPattern = /^\d{8}T\d{9}Z-[0-9a-f]{8}$/;

export async function writeToOutbox(message: MailMessage, from: string): Promise<OutboxMessage> {
  const now = new Date();
  // Sortable by name: the time to the millisecond, then a random tail for messages of the same one.
  const id = `${now.toISOString().replace(/[-:.]/g, "")}-${randomBytes(4).toString("hex")}`;
  const stored: OutboxMessage = { id, from, date: now.toISOString(), ...message };
  await mkdir(outboxDir(), { recursive: true, mode: 0o700 });
  // Renamed into place so that a reader never sees half a message.
  const draft = path.join(outboxDir(), `.${id}.draft`);
  await writeFile(draft, JSON.stringify(stored, null, 2), { mode: 0o600 });
  await rename(draft, path.join(outboxDir(), `${id}.json`));
  return stored;
}

/** Newest first. */
export async function listOutbox(): Promise<OutboxMessage[]> {
  const names = await readdir(outboxDir()).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [] as string[];
    throw error;
  });
  const ids = names
    .filter((name) => name.endsWith(".json"))
    .map((name) => name.slice(0, -5))
    .filter((id) => idPattern.test(id));
  const messages = await Promise.all(
    ids
      .sort()
      .reverse()
      .map((id) => readOutboxMessage(id)),
  );
  return messages.filter((message): message is OutboxMessage => message !== undefined);
}

export async function readOutboxMessage(id: string): Promise<OutboxMessage | undefined> {
  if (!idPattern.test(id)) return undefined;
  try {
    return JSON.parse(await readFile(path.join(outboxDir(), `${id}.json`), "utf8")) as OutboxMessage;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}
