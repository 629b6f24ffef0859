import { eq } from 'drizzle-orm';
import type { TeamDto } from '../../core/api/teams.js';
import { recordAuditEvent } from '../audit/record-audit-event.js';
import type { Database } from '../db/database.js';
import { teamInvitations, teamMembers, teams } from '../db/schema.js';
import { AppError } from '../errors/app-error.js';
import { findUsableInvitation } from './invitation-by-token.js';
import type { TeamActor } from './team-actor.js';
import { findTeamRole } from '../team-access/team-membership.js';

export const wrongAccount = (email: string) =>
  `This invitation is for ${email}. Sign in as ${email} to accept it.`;
export const alreadyMember = (teamName: string) => `You are already a member of ${teamName}.`;

/**
 * Joins the team the link invites to, with the invitation's role. Only the account with the
 * invited address may, once; the invitation is used up in the same transaction.
 */
export async function acceptInvitation(
  db: Database,
  actor: TeamActor,
  token: string,
): Promise<TeamDto> {
  return db.transaction(async (tx) => {
    const invitation = await findUsableInvitation(tx, token, { lock: true });
    if (invitation.email.toLowerCase() !== actor.email.toLowerCase()) {
      throw new AppError('forbidden', wrongAccount(invitation.email));
    }
    // The team's row is the lock every membership change takes first.
    await tx
      .select({ id: teams.id })
      .from(teams)
      .where(eq(teams.id, invitation.teamId))
      .for('update');
    if (await findTeamRole(tx, invitation.teamId, actor.id)) {
      throw new AppError('conflict', alreadyMember(invitation.teamName));
    }
    await tx
      .insert(teamMembers)
      .values({ teamId: invitation.teamId, userId: actor.id, role: invitation.role });
    await tx
      .update(teamInvitations)
      .set({ acceptedAt: new Date(), acceptedBy: actor.id })
      .where(eq(teamInvitations.id, invitation.id));
    await recordAuditEvent(tx, {
      action: 'team.member-added',
      actor,
      teamId: invitation.teamId,
      targetUserId: actor.id,
      detail: { role: invitation.role, invitationId: invitation.id },
    });
    return { id: invitation.teamId, name: invitation.teamName, role: invitation.role };
  });
}
