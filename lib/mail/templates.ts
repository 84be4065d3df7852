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

export function invitationMail(options: { to: string; url: string; expires: Date; workspace: string; role: string; invitedBy: string }): MailMessage {
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

export function consoleInvitationMail(options: { to: string; url: string; expires: Date; partner: string; invitedBy: string }): MailMessage {
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
