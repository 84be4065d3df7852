import "server-only";
import type { NextAuthOptions } from "next-auth";
import EmailProvider from "next-auth/providers/email";
import { config } from "../config";
import { log } from "../log";
import { processSingleton } from "../process-state";
import { acceptClaimsOf } from "../people/accept-claims";
import { authAdapter } from "./adapter";
import { deliverableEmail } from "./email-address";
import { authSecret } from "./secret";
import { askForSignInMail } from "./sign-in-mail";

// A sign-in link is good for this long; invitations carry their own, longer expiry.
export const signInLinkMaxAgeSeconds = 30 * 60;

/**
 * next-auth 4 with email links and database sessions. Built on first use, after the config is
 * loaded, and once per process (the custom server and Next's bundle share it).
 */
export function authOptions(): NextAuthOptions {
  return processSingleton("auth:options", () => {
    const { APP_URL, SESSION_MAX_AGE_DAYS } = config();
    // next-auth reads its own origin from NEXTAUTH_URL; the app's is APP_URL.
    process.env.NEXTAUTH_URL = APP_URL;
    return {
      adapter: authAdapter(),
      secret: authSecret(),
      session: { strategy: "database", maxAge: SESSION_MAX_AGE_DAYS * 24 * 3600, updateAge: 24 * 3600 },
      pages: { signIn: "/sign-in", verifyRequest: "/sign-in/check-email", error: "/sign-in/failed" },
      providers: [
        EmailProvider({
          maxAge: signInLinkMaxAgeSeconds,
          normalizeIdentifier(identifier) {
            const email = deliverableEmail(identifier);
            if (email === undefined) throw new Error("not an address we can send to");
            return email;
          },
          async sendVerificationRequest({ identifier, url, expires }) {
            // Everyone is told to check their mail; only people with a seat or an open invitation
            // get one, so the form can neither list who has access nor mail strangers. The link
            // in `url` is dropped: the mail job makes its own (lib/auth/sign-in-mail.ts).
            await askForSignInMail(identifier, new URL(url).searchParams.get("callbackUrl") ?? "/home", expires);
          },
        }),
      ],
      callbacks: {
        // Pages need the person's id; with database sessions next-auth hands the user row here.
        session: ({ session, user }) => ({ ...session, user: { ...session.user, id: user.id } }),
      },
      events: {
        // An owner invitation is accepted by signing in with its address, by its link or the form.
        signIn: async ({ user }) => {
          if (user.email) await acceptClaimsOf(user.id, user.email);
        },
      },
      logger: {
        // Codes and messages only: next-auth's metadata can hold links and addresses.
        error: (code, metadata) =>
          log().warn({ code, error: metadata instanceof Error ? metadata.message : undefined }, "sign-in error"),
        warn: (code) => log().warn({ code }, "sign-in warning"),
        debug: () => undefined,
      },
    } satisfies NextAuthOptions;
  });
}
