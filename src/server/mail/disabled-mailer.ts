import type { Mailer } from './mailer.js';

export const EMAIL_OFF_MESSAGE =
  'Email is off (SMTP_URL is unset): no password reset, no email verification, contact messages are stored but not forwarded, no "transcript ready" notices.';

/** Without SMTP nothing is sent; the start-up log says so once. */
export function createDisabledMailer(log: (message: string) => void): Mailer {
  log(EMAIL_OFF_MESSAGE);
  return {
    enabled: false,
    async send() {
      // Nothing to send with: every caller checks `enabled` first.
    },
    close() {},
  };
}
