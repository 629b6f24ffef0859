import nodemailer from 'nodemailer';
import type { Mailer } from './mailer.js';

/** Sends through the SMTP server in SMTP_URL (smtp:// or smtps://, credentials in the URL). */
export function createSmtpMailer(options: { smtpUrl: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(options.smtpUrl);
  return {
    enabled: true,
    async send(message) {
      await transport.sendMail({ from: options.from, ...message });
    },
    close() {
      transport.close();
    },
  };
}
