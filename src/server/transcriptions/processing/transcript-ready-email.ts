import { formatDuration } from '../../../core/format/format-duration.js';
import { PRODUCT_NAME } from '../../../core/product.js';
import type { MailMessage } from '../../mail/mailer.js';

/** Audio longer than this is worth an email: the user has likely gone to do something else. */
export const TRANSCRIPT_READY_EMAIL_SECONDS = 5 * 60;

export function transcriptReadyEmail(input: {
  to: string;
  name: string;
  filename: string;
  durationInSeconds: number;
  transcriptUrl: string;
  settingsUrl: string;
}): MailMessage {
  return {
    to: input.to,
    subject: `Your transcript of ${input.filename} is ready`,
    text: [
      `Hello ${input.name},`,
      '',
      `${PRODUCT_NAME} has finished transcribing ${input.filename} (${formatDuration(input.durationInSeconds)}). Read, edit or download it here:`,
      '',
      input.transcriptUrl,
      '',
      `You get this email for recordings over ${TRANSCRIPT_READY_EMAIL_SECONDS / 60} minutes. To stop it, turn it off in your account settings: ${input.settingsUrl}`,
    ].join('\n'),
  };
}
