/** A message as every sender takes it: plain text always, HTML for the mail clients that show it. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * The Message-ID, for a message that may be sent again: the same id makes a second copy the
   * same message, which mail clients show once. Left out, the transport makes one.
   */
  messageId?: string;
}
