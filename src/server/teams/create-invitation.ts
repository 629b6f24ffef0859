import { and, count, eq, gt, isNull } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { INVITATION_DAYS, type InvitationRole } from '../../core/api/team-values.js';
import { recordAuditEvent } from '../audit/record-audit-event.js';
import type { Database } from '../db/database.js';
import { teamInvitations } from '../db/schema.js';
import { AppError } from '../errors/app-error.js';
import { newInvitationToken } from './invitation-token.js';
import { lockTeamForChange } from './team-access.js';
import type { TeamActor } from './team-actor.js';
import { findTeamName, isEmailInTeam } from './teams.repository.js';

export const alreadyInTeam = (email: string) => `${email} is already a member of this team.`;
export const tooManyInvitations = (perHour: number) =>
  `You have sent ${perHour} invitations in the last hour, the most allowed. Try again later.`;

export interface NewInvitation {
  id: string;
  token: string;
  teamName: string;
  email: string;
  role: InvitationRole;
  expiresAt: Date;
}

/**
 * Records an invitation to the address (owner or admin). A pending invitation to the same address
 * is withdrawn, so only the newest link works. The secret is returned this once.
 */
export async function createInvitation(
  db: Database,
  actor: TeamActor,
  teamId: string,
  input: { email: string; role: InvitationRole; perHour: number; now?: Date },
): Promise<NewInvitation> {
  const now = input.now ?? new Date();
  const email = input.email.toLowerCase();
  return db.transaction(async (tx) => {
    await lockTeamForChange(tx, teamId, actor.id, 'manageMembers');
    const [recent] = await tx
      .select({ sent: count() })
      .from(teamInvitations)
      .where(
        and(
          eq(teamInvitations.invitedBy, actor.id),
          gt(teamInvitations.createdAt, new Date(now.getTime() - 3_600_000)),
        ),
      );
    if ((recent?.sent ?? 0) >= input.perHour) {
      throw new AppError('rate_limited', tooManyInvitations(input.perHour), {
        retryAfterSeconds: 600,
      });
    }
    if (await isEmailInTeam(tx, teamId, email))
      throw new AppError('conflict', alreadyInTeam(email));
    const replaced = await tx
      .update(teamInvitations)
      .set({ revokedAt: now })
      .where(
        and(
          eq(teamInvitations.teamId, teamId),
          eq(teamInvitations.email, email),
          isNull(teamInvitations.acceptedAt),
          isNull(teamInvitations.revokedAt),
          gt(teamInvitations.expiresAt, now),
        ),
      )
      .returning({ id: teamInvitations.id });
    for (const { id } of replaced) {
      await recordAuditEvent(tx, {
        action: 'team.invitation-revoked',
        actor,
        teamId,
        detail: { invitationId: id, email, reason: 'replaced' },
      });
    }
    const { token, tokenHash } = newInvitationToken();
    const id = randomUUID();
    const expiresAt = new Date(now.getTime() + INVITATION_DAYS * 86_400_000);
    await tx.insert(teamInvitations).values({
      id,
      teamId,
      email,
      role: input.role,
      tokenHash,
      invitedBy: actor.id,
      createdAt: now,
      expiresAt,
    });
    await recordAuditEvent(tx, {
      action: 'team.invitation-created',
      actor,
      teamId,
      detail: { invitationId: id, email, role: input.role },
    });
    const teamName = (await findTeamName(tx, teamId)) ?? '';
    return { id, token, teamName, email, role: input.role, expiresAt };
  });
}
