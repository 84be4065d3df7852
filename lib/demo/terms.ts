import "server-only";
/** The demo tier's terms; the version accepted is recorded with every submission. */
export const demoTermsVersion = "2026-11-01";

export const demoTerms = [
  "The demo analyses what you send once, to show what the service finds; it is not an inspection of record.",
  "Send only pictures and videos you may share. Do not send pictures of people.",
  "We keep a submission and its media for the retention period stated with it, then delete them.",
  "We use your email address to confirm the submission and to tell you when its result is ready; nothing else.",
];
