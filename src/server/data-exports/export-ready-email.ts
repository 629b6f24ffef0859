import { PRODUCT_NAME } from '../../core/product.js';
import { ZIP_EXPORT_HOURS } from '../../core/api/zip-exports.js';
import type { MailMessage } from '../mail/mailer.js';

/** "Your data is ready": the link needs the account's sign-in, and stops working after 24 h. */
export function exportReadyEmail(input: {
  to: string;
  name: string;
  downloadUrl: string;
  expiresAt: Date;
}): MailMessage {
  const expires = `${input.expiresAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return {
    to: input.to,
    subject: `Your ${PRODUCT_NAME} data is ready to download`,
    text: [
      `Hello ${input.name},`,
      '',
      `The copy of all your ${PRODUCT_NAME} data you asked for is ready: your account details, every transcript (as you corrected it and as first made), the audio, your vocabulary and the list of your API keys.`,
      '',
      'Download it here (you will be asked to sign in):',
      '',
      input.downloadUrl,
      '',
      `The link works for ${ZIP_EXPORT_HOURS} hours, until ${expires}; then the file is deleted. If you did not ask for it, change your password.`,
    ].join('\n'),
  };
}
