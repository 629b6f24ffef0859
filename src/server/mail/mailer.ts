/** One outgoing email. Plain text: every client shows it, and links stay visible. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  replyTo?: { name: string; address: string };
}

/** Sends email; the one place the rest of the server knows about outgoing mail. */
export interface Mailer {
  /** False when no SMTP server is configured: callers skip what only email can do. */
  readonly enabled: boolean;
  send(message: MailMessage): Promise<void>;
  close(): void;
}
