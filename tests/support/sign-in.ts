import { linkIn, type SmtpReceiver } from "./smtp-receiver";

/*
 * Signing in over plain HTTP the way a browser does it through next-auth: the CSRF token and its
 * cookie, the email form's POST, the mailed link (from a real SMTP receiver) and the session
 * cookie its callback sets.
 */

export interface SignInTarget {
  /** Where the test reaches the app. */
  baseUrl: string;
  /** APP_URL: what the app writes into links. */
  appUrl: string;
  smtp: SmtpReceiver;
}

/** next-auth answers an error at its own route, which sends the browser on to our page: where it ends up. */
export async function pastAuthRoutes(target: SignInTarget, location: string): Promise<string> {
  let next = location;
  for (let hop = 0; hop < 3 && new URL(next, target.baseUrl).pathname.startsWith("/api/auth/"); hop += 1) {
    const response = await fetch(new URL(next, target.baseUrl), { redirect: "manual" });
    next = response.headers.get("location") ?? next;
  }
  return next === "" ? next : new URL(next, target.appUrl).href;
}

/** Opens a mailed sign-in link and answers the session cookie and where it lands. */
export async function followSignInLink(
  target: SignInTarget,
  link: string,
): Promise<{ status: number; location: string; cookie?: string }> {
  const response = await fetch(link, { redirect: "manual" });
  const session = response.headers.getSetCookie().find((cookie) => cookie.startsWith("next-auth.session-token="));
  return {
    status: response.status,
    location: await pastAuthRoutes(target, response.headers.get("location") ?? ""),
    cookie: session?.split(";")[0],
  };
}

/**
 * Asks for a sign-in link by the sign-in form's own call; answers where the form goes next.
 * `headers` go on both requests (an X-Forwarded-For for an app with TRUSTED_PROXY_HOPS).
 */
export async function askForSignInLink(
  target: SignInTarget,
  email: string,
  callbackUrl: string,
  headers: Record<string, string> = {},
): Promise<{ url: string }> {
  const csrf = await fetch(new URL("/api/auth/csrf", target.baseUrl), { headers });
  const cookie = csrf.headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .join("; ");
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const response = await fetch(new URL("/api/auth/signin/email", target.baseUrl), {
    method: "POST",
    headers: { ...headers, "content-type": "application/x-www-form-urlencoded", cookie },
    body: new URLSearchParams({ email, csrfToken, callbackUrl, json: "true" }),
  });
  const { url } = (await response.json()) as { url: string };
  return { url: await pastAuthRoutes(target, url) };
}

/** Signs a person with a seat in and answers their session cookie (`name=value`). */
export async function signInByMail(target: SignInTarget, email: string): Promise<string> {
  const before = target.smtp.to(email).length;
  await askForSignInLink(target, email, `${target.appUrl}/home`);
  const mail = await target.smtp.waitFor(email, before + 1);
  const signedIn = await followSignInLink(target, linkIn(mail, `${target.appUrl}/api/auth/callback/email?`));
  if (!signedIn.cookie) throw new Error(`signing ${email} in set no session cookie (landed on ${signedIn.location})`);
  return signedIn.cookie;
}

/** In Chromium, on a page showing the sign-in form: asks for a link and opens the `mailNumber`th mail's link. */
export async function signInInBrowser(
  page: import("playwright-core").Page,
  target: Pick<SignInTarget, "appUrl" | "smtp">,
  email: string,
  mailNumber = 1,
): Promise<void> {
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  await page.getByRole("heading", { name: "Check your email" }).waitFor();
  const mail = await target.smtp.waitFor(email, mailNumber);
  await page.goto(linkIn(mail, `${target.appUrl}/api/auth/callback/email?`));
}
