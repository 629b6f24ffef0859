import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { InvitationRole } from '../../core/api/team-values.js';
import { recordAuditEvent } from '../audit/record-audit-event.js';
import type { Database } from '../db/database.js';
import { teamInvitations, user } from '../db/schema.js';
import { AppError } from '../errors/app-error.js';
import { lockTeamForChange } from './team-access.js';
import type { TeamActor } from './team-actor.js';

export const PENDING_INVITATION_NOT_FOUND =
  'No such pending invitation: it may have been accepted, withdrawn or expired already.';

export interface PendingInvitation {
  id: string;
  email: string;
  role: InvitationRole;
  invitedBy: string | null;
  createdAt: Date;
  expiresAt: Date;
}

const pending = (now: Date) =>
  and(
    isNull(teamInvitations.acceptedAt),
    isNull(teamInvitations.revokedAt),
    gt(teamInvitations.expiresAt, now),
  );

/** Invitations of the team that can still be accepted, oldest first. */
export async function listPendingInvitations(
  db: Database,
  teamId: string,
  now = new Date(),
): Promise<PendingInvitation[]> {
  return db
    .select({
      id: teamInvitations.id,
      email: teamInvitations.email,
      role: teamInvitations.role,
      invitedBy: user.name,
      createdAt: teamInvitations.createdAt,
      expiresAt: teamInvitations.expiresAt,
    })
    .from(teamInvitations)
    .leftJoin(user, eq(user.id, teamInvitations.invitedBy))
    .where(and(eq(teamInvitations.teamId, teamId), pending(now)))
    .orderBy(asc(teamInvitations.createdAt), asc(teamInvitations.id));
}

/** Withdraws a pending invitation (owner or admin): its link stops working at once. */
export async function revokeInvitation(
  db: Database,
  actor: TeamActor,
  teamId: string,
  invitationId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockTeamForChange(tx, teamId, actor.id, 'manageMembers');
    const now = new Date();
    const [revoked] = await tx
      .update(teamInvitations)
      .set({ revokedAt: now })
      .where(
        and(eq(teamInvitations.id, invitationId), eq(teamInvitations.teamId, teamId), pending(now)),
      )
      .returning({ email: teamInvitations.email });
    if (!revoked) throw new AppError('not_found', PENDING_INVITATION_NOT_FOUND);
    await recordAuditEvent(tx, {
      action: 'team.invitation-revoked',
      actor,
      teamId,
      detail: { invitationId, email: revoked.email },
    });
  });
}
