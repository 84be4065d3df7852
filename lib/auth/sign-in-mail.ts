import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import { config } from "../config";
import { isApiError } from "../errors/api-error";
import { consumeRateLimit } from "../http/rate-limit";
import { enqueue } from "../queue/enqueue";
import { log } from "../log";
import { sendMail } from "../mail/send-mail";
import { signInMail } from "../mail/templates";
import { mayReceiveSignInLink } from "../people/may-sign-in";
import { processSingleton } from "../process-state";
import { safeReturnPath } from "./return-path";
import { createSignInLink } from "./sign-in-link";

/*
 * Asking for a sign-in link. next-auth's email provider hands us the address but not the request,
 * so the route (app/api/auth/[...nextauth]/route.ts) runs next-auth inside `withSignInRequest`,
 * which carries the client address to `askForSignInMail`. One store per process: the custom
 * server and Next's bundle share next-auth's options (lib/process-state.ts).
 */

interface SignInRequest {
  clientAddress: string;
}

const requests = () => processSingleton("auth:sign-in-request", () => new AsyncLocalStorage<SignInRequest>());

export function withSignInRequest<T>(request: SignInRequest, run: () => T): T {
  return requests().run(request, run);
}

/**
 * What the form's ask does, the same for everyone: counts the ask against its client address
 * and its email address, and queues the mail. Whether the address may sign in is decided by the
 * job, so the answer takes no longer for a person with a seat than for a stranger, and an ask
 * over a limit is answered as any other (it only mails nothing), so neither tells who has access.
 */
export async function askForSignInMail(email: string, callbackUrl: string, expires: Date): Promise<void> {
  const clientAddress = requests().getStore()?.clientAddress ?? "unknown";
  try {
    await consumeRateLimit("sign_in_address", clientAddress);
    await consumeRateLimit("sign_in_email", email);
  } catch (error) {
    if (!isApiError(error) || error.code !== "too_many_requests") throw error;
    log().warn({ to_domain: email.slice(email.lastIndexOf("@") + 1) }, "sign-in link not mailed: over the sign-in rate limit");
    return;
  }
  // next-auth has checked the callback is on this site; only its path travels in the job.
  await enqueue("sign-in-mail", {
    email,
    returnPath: safeReturnPath(callbackUrl, config().APP_URL),
    expires: expires.toISOString(),
  });
}

/**
 * The job's side: a link, made now and stored hashed, mailed to a person with a seat, an open
 * invitation, a staff or a partner-user account; nobody else is mailed, and a late job mails nothing.
 */
export async function mailSignInLink(email: string, returnPath: string, expires: Date): Promise<void> {
  if (expires.getTime() <= Date.now()) return;
  if (!(await mayReceiveSignInLink(email))) return;
  const link = await createSignInLink(email, returnPath, expires);
  await sendMail(signInMail(email, link, expires));
}
