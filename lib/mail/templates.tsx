import { Text } from "@react-email/components";
import { MailLayout, mailText, renderMailHtml } from "./mail-layout";
import type { MailMessage } from "./message";
import { reportMailHtml, type ReportMailContent, reportMailSubject, reportMailText } from "./report-mail";

/*
 * The messages people receive. Each has a plain-text part that reads well alone and an HTML part
 * in the one mail layout (lib/mail/mail-layout.tsx) with one button; links are only ever in the
 * body, never in a subject.
 */

function html(paragraphs: string[], action: { label: string; url: string }, footer: string): Promise<string> {
  return renderMailHtml(
    <MailLayout preview={paragraphs[0] ?? ""} action={action} footer={footer}>
      {paragraphs.map((text, index) => (
        <Text key={index} style={mailText}>
          {text}
        </Text>
      ))}
    </MailLayout>,
  );
}

const until = (date: Date) => date.toUTCString().replace(/:\d\d GMT$/, " UTC");

export async function signInMail(to: string, url: string, expires: Date): Promise<MailMessage> {
  const footer = `The link works once, until ${until(expires)}. If you did not ask to sign in, ignore this message.`;
  return {
    to,
    subject: "Sign in to Walkthrough",
    text: `Sign in to Walkthrough with this link:\n\n${url}\n\n${footer}\n`,
    html: await html(["Use the button below to sign in to Walkthrough."], { label: "Sign in", url }, footer),
  };
}

export async function invitationMail(options: {
  to: string;
  url: string;
  expires: Date;
  workspace: string;
  role: string;
  invitedBy: string;
}): Promise<MailMessage> {
  const { to, url, expires, workspace, role, invitedBy } = options;
  const line = `${invitedBy} invited you to ${workspace} on Walkthrough as ${role === "owner" ? "its owner" : `a ${role}`}: read inspection reports of its homes, with findings, pictures and the cleaner's video.`;
  const footer = `The link signs you in once, until ${until(expires)}. Afterwards sign in with this address at any time.`;
  return {
    to,
    subject: `You're invited to ${workspace} on Walkthrough`,
    text: `${line}\n\nAccept and sign in:\n\n${url}\n\n${footer}\n`,
    html: await html([line], { label: "Accept and sign in", url }, footer),
  };
}

export async function consoleInvitationMail(options: {
  to: string;
  url: string;
  expires: Date;
  partner: string;
  invitedBy: string;
}): Promise<MailMessage> {
  const { to, url, expires, partner, invitedBy } = options;
  const line = `${invitedBy} invited you to ${partner}'s partner console on Walkthrough: API keys, webhooks, workspaces and usage of your integration.`;
  const footer = `The link signs you in once, until ${until(expires)}. Afterwards sign in with this address at any time.`;
  return {
    to,
    subject: `You're invited to ${partner}'s console on Walkthrough`,
    text: `${line}\n\nAccept and sign in:\n\n${url}\n\n${footer}\n`,
    html: await html([line], { label: "Accept and sign in", url }, footer),
  };
}

/** The report mail: the verdict, the three most serious findings with a picture each, the button. */
export async function reportMail(to: string, content: ReportMailContent): Promise<MailMessage> {
  return {
    to,
    subject: reportMailSubject(content),
    text: await reportMailText(content),
    html: await reportMailHtml(content),
  };
}

export async function demoConfirmationMail(options: {
  to: string;
  url: string;
  expires: Date;
  kind: "photos" | "video";
}): Promise<MailMessage> {
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
    html: await html([line], { label: "Confirm", url }, footer),
  };
}

/** `findings` undefined: the analysis failed (no usable photo, or no answer). */
export async function demoResultMail(options: {
  to: string;
  url: string;
  requestId: string;
  findings?: number;
}): Promise<MailMessage> {
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
    html: await html([line], { label: "How to read it", url }, footer),
  };
}
