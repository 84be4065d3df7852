import "server-only";
import { mailSignInLink } from "../../auth/sign-in-mail";
import { defineJob } from "../definition";

/**
 * Mails a sign-in link someone asked for. Overlap: a retry after a failed send makes a new link
 * and mails it; the first attempt's link, never sent, expires and is pruned.
 */
export const signInMailJob = defineJob({
  queue: "sign-in-mail",
  concurrency: 4,
  async handler({ email, returnPath, expires }) {
    await mailSignInLink(email, returnPath, new Date(expires));
  },
});
