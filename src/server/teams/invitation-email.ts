import { PRODUCT_NAME } from '../../core/product.js';
import { roleWithArticle } from '../../core/teams/team-role-names.js';
import type { MailMessage } from '../mail/mailer.js';

/** The email that carries an invitation's link. */
export function invitationEmail(input: {
  to: string;
  inviterName: string;
  teamName: string;
  role: string;
  url: string;
  expiresAt: Date;
}): MailMessage {
  return {
    to: input.to,
    subject: `${input.inviterName} invited you to ${input.teamName} on ${PRODUCT_NAME}`,
    text: [
      `${input.inviterName} invited you to join the team “${input.teamName}” on ${PRODUCT_NAME} as ${roleWithArticle(input.role)}.`,
      '',
      'Open this link to join (sign in, or create an account with this email address, first):',
      input.url,
      '',
      `The link works once, until ${input.expiresAt.toUTCString()}.`,
      'If you did not expect this invitation, you can ignore this email.',
    ].join('\n'),
  };
}
