import type { MailMessage } from "./message";

/*
 * The messages people receive. Each has a plain-text part that reads well alone and a small HTML
 * part with one button; links are only ever in the body, never in a subject.
 */

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!);

function html(paragraphs: string[], action: { label: string; url: string }, footer: string): string {
  const body = paragraphs.map((text) => `<p style="margin:0 0 16px">${escapeHtml(text)}</p>`).join("");
  return (
    `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1a1d21;line-height:1.5;max-width:560px;margin:24px auto;padding:0 16px">` +
    `${body}<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#1f5f99;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p>` +
    `<p style="color:#5a6270;font-size:14px">${escapeHtml(footer)}</p></body></html>`
  );
}

const until = (date: Date) => date.toUTCString().replace(/:\d\d GMT$/, " UTC");

export function signInMail(to: string, url: string, expires: Date): MailMessage {
  const footer = `The link works once, until ${until(expires)}. If you did not ask to sign in, ignore this message.`;
  return {
    to,
    subject: "Sign in to Walkthrough",
    text: `Sign in to Walkthrough with this link:\n\n${url}\n\n${footer}\n`,
    html: html(["Use the button below to sign in to Walkthrough."], { label: "Sign in", url }, footer),
  };
}

export function invitationMail(options: {
  to: string;
  url: string;
  expires: Date;
  workspace: string;
  role: string;
  invitedBy: string;
}): MailMessage {
  const { to, url, expires, workspace, role, invitedBy } = options;
  const line = `${invitedBy} invited you to ${workspace} on Walkthrough as ${role === "owner" ? "its owner" : `a ${role}`}: read inspection reports of its homes, with findings, pictures and the cleaner's video.`;
  const footer = `The link signs you in once, until ${until(expires)}. Afterwards sign in with this address at any time.`;
  return {
    to,
    subject: `You're invited to ${workspace} on Walkthrough`,
    text: `${line}\n\nAccept and sign in:\n\n${url}\n\n${footer}\n`,
    html: html([line], { label: "Accept and sign in", url }, footer),
  };
}

export function consoleInvitationMail(options: {
  to: string;
  url: string;
  expires: Date;
  partner: string;
  invitedBy: string;
}): MailMessage {
  const { to, url, expires, partner, invitedBy } = options;
  const line = `${invitedBy} invited you to ${partner}'s partner console on Walkthrough: API keys, webhooks, workspaces and usage of your integration.`;
  const footer = `The link signs you in once, until ${until(expires)}. Afterwards sign in with this address at any time.`;
  return {
    to,
    subject: `You're invited to ${partner}'s console on Walkthrough`,
    text: `${line}\n\nAccept and sign in:\n\n${url}\n\n${footer}\n`,
    html: html([line], { label: "Accept and sign in", url }, footer),
  };
}

export function reportMail(options: { to: string; url: string; property: string; date: string; summary: string }): MailMessage {
  const { to, url, property, date, summary } = options;
  const line = `The inspection report for ${property} (${date}) is ready: ${summary}.`;
  const footer = "You receive reports by the choices you made under Settings in Walkthrough.";
  return {
    to,
    subject: `Inspection report: ${property}, ${date}`,
    text: `${line}\n\nRead the report:\n\n${url}\n\n${footer}\n`,
    html: html([line], { label: "Read the report", url }, footer),
  };
}

export function demoConfirmationMail(options: { to: string; url: string; expires: Date; kind: "photos" | "video" }): MailMessage {
  const { to, url, expires, kind } = options;
  const line =
    kind === "photos"
      ? "Someone (we hope you) sent photos to the Walkthrough demo with this address. Confirm it and we analyse them; nothing runs until you do."
      : "Someone (we hope you) sent a walkthrough video to the Walkthrough demo with this address. Confirm it and we keep it for you.";
  const footer = `The link works until ${until(expires)}; after that the submission is deleted. If it was not you, ignore this message.`;
  return {
    to,
    subject: "Confirm your Walkthrough demo submission",
    text: `${line}\n\nConfirm:\n\n${url}\n\n${footer}\n`,
    html: html([line], { label: "Confirm", url }, footer),
  };
}

/** `findings` undefined: the analysis failed (no usable photo, or no answer). */
export function demoResultMail(options: { to: string; url: string; requestId: string; findings?: number }): MailMessage {
  const { to, url, requestId, findings } = options;
  const outcome =
    findings === undefined
      ? "the photos could not be analysed, and the result says why"
      : findings === 0
        ? "nothing found with confidence"
        : `${findings} finding${findings === 1 ? "" : "s"}`;
  const line = `Your Walkthrough demo result is ready (request ${requestId}): ${outcome}. Read it with the poll token you were given when you sent the photos.`;
  const footer = "The submission and its photos are deleted after the retention period stated with it.";
  return {
    to,
    subject: "Your Walkthrough demo result is ready",
    text: `${line}\n\nHow to read it:\n\n${url}\n\n${footer}\n`,
    html: html([line], { label: "How to read it", url }, footer),
  };
}
