/** A message as every sender takes it: plain text always, HTML for the mail clients that show it. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}
