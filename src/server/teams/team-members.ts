import { and, eq } from 'drizzle-orm';
import type { TeamRole } from '../../core/api/team-values.js';
import { recordAuditEvent } from '../audit/record-audit-event.js';
import type { Database } from '../db/database.js';
import { teamMembers } from '../db/schema.js';
import { AppError } from '../errors/app-error.js';
import { lockTeamForChange } from './team-access.js';
import type { TeamActor } from './team-actor.js';
import { findTeamRole } from '../team-access/team-membership.js';
import { listTeamMembers, type TeamMemberRow } from './teams.repository.js';

export const MEMBER_NOT_FOUND = 'This person is not a member of the team.';
export const OWNER_UNTOUCHABLE =
  'The owner’s role cannot be changed and the owner cannot be removed: only the owner can hand ownership over.';
export const ONLY_OWNER_HANDS_OVER = 'Only the owner can hand ownership of the team over.';
export const OWNER_CANNOT_STEP_DOWN =
  'You own this team: hand ownership over to another member first (choose “Owner” as their role).';
export const OWNER_CANNOT_LEAVE =
  'You own this team: hand ownership over to another member before you leave, or delete the team.';

async function requireMember(tx: Database, teamId: string, userId: string): Promise<TeamRole> {
  const role = await findTeamRole(tx, teamId, userId);
  if (!role) throw new AppError('not_found', MEMBER_NOT_FOUND);
  return role;
}

async function memberOf(tx: Database, teamId: string, userId: string): Promise<TeamMemberRow> {
  const members = await listTeamMembers(tx, teamId);
  const member = members.find((row) => row.userId === userId);
  if (!member) throw new AppError('not_found', MEMBER_NOT_FOUND);
  return member;
}

async function setRole(tx: Database, teamId: string, userId: string, role: TeamRole) {
  await tx
    .update(teamMembers)
    .set({ role })
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
}

/**
 * Changes a member's role. Owners and admins set admin, editor or viewer on anyone but the
 * owner; `owner` is the owner handing the team over, and makes the old owner an admin in the
 * same transaction, so the team is never without one (docs/decisions/0087).
 */
export async function changeMemberRole(
  db: Database,
  actor: TeamActor,
  teamId: string,
  targetUserId: string,
  role: TeamRole,
): Promise<TeamMemberRow> {
  return db.transaction(async (tx) => {
    const actorRole = await lockTeamForChange(tx, teamId, actor.id, 'manageMembers');
    const currentRole = await requireMember(tx, teamId, targetUserId);
    if (role === 'owner') {
      if (actorRole !== 'owner') throw new AppError('forbidden', ONLY_OWNER_HANDS_OVER);
      if (targetUserId === actor.id) return memberOf(tx, teamId, targetUserId);
      await setRole(tx, teamId, actor.id, 'admin');
      await setRole(tx, teamId, targetUserId, 'owner');
      await recordAuditEvent(tx, {
        action: 'team.ownership-transferred',
        actor,
        teamId,
        targetUserId,
        detail: { from: currentRole, to: 'owner', previousOwnerRole: 'admin' },
      });
      return memberOf(tx, teamId, targetUserId);
    }
    if (currentRole === 'owner') {
      throw targetUserId === actor.id
        ? new AppError('conflict', OWNER_CANNOT_STEP_DOWN)
        : new AppError('forbidden', OWNER_UNTOUCHABLE);
    }
    if (currentRole !== role) {
      await setRole(tx, teamId, targetUserId, role);
      await recordAuditEvent(tx, {
        action: 'team.member-role-changed',
        actor,
        teamId,
        targetUserId,
        detail: { from: currentRole, to: role },
      });
    }
    return memberOf(tx, teamId, targetUserId);
  });
}

/**
 * Takes a member out of the team: an owner or admin removing anyone but the owner, or a member
 * leaving. The owner leaves only after handing ownership over.
 */
export async function removeMember(
  db: Database,
  actor: TeamActor,
  teamId: string,
  targetUserId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const leaving = targetUserId === actor.id;
    await lockTeamForChange(tx, teamId, actor.id, leaving ? 'read' : 'manageMembers');
    const role = await requireMember(tx, teamId, targetUserId);
    if (role === 'owner') {
      throw leaving
        ? new AppError('conflict', OWNER_CANNOT_LEAVE)
        : new AppError('forbidden', OWNER_UNTOUCHABLE);
    }
    await tx
      .delete(teamMembers)
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, targetUserId)));
    await recordAuditEvent(tx, {
      action: 'team.member-removed',
      actor,
      teamId,
      targetUserId,
      detail: { role, reason: leaving ? 'left' : 'removed' },
    });
  });
}
