import "server-only";
import { randomBytes } from "node:crypto";
import { config } from "../config";
import { db, type Tx } from "../db/client";
import { hashLinkToken } from "./secret";

/**
 * A next-auth email link made outside a sign-in form (invitations): it signs `email` in once,
 * until `expires`, and then opens `nextPath`. Stored like next-auth's own, so its callback checks it.
 */
export async function createSignInLink(email: string, nextPath: string, expires: Date, client: Tx = db()): Promise<string> {
  const token = randomBytes(32).toString("hex");
  await client.verificationToken.create({ data: { identifier: email, token: hashLinkToken(token), expires } });
  const appUrl = config().APP_URL;
  const query = new URLSearchParams({ callbackUrl: `${appUrl}${nextPath}`, token, email });
  return `${appUrl}/api/auth/callback/email?${query}`;
}

/** Drops links past their expiry (used or not, they sign nobody in); called by a scheduled job. */
export async function pruneExpiredSignInLinks(now = new Date()): Promise<number> {
  const { count } = await db().verificationToken.deleteMany({ where: { expires: { lt: now } } });
  return count;
}
