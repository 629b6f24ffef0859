import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../mail/mailer.js';
import { invitationEmail } from './invitation-email.js';
import type { NewInvitation } from './create-invitation.js';

/**
 * Emails the invitation's link when SMTP is set up. True when it went out; false without SMTP or
 * when the mail server refused, and the inviter passes the link on themselves.
 */
export async function deliverInvitation(
  mailer: Mailer,
  log: FastifyBaseLogger,
  invitation: NewInvitation,
  inviterName: string,
  url: string,
): Promise<boolean> {
  if (!mailer.enabled) return false;
  try {
    await mailer.send(
      invitationEmail({
        to: invitation.email,
        inviterName,
        teamName: invitation.teamName,
        role: invitation.role,
        url,
        expiresAt: invitation.expiresAt,
      }),
    );
    return true;
  } catch (error) {
    log.warn({ err: error }, 'could not email a team invitation; the inviter has the link');
    return false;
  }
}
