import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { recordAuditEvent } from '../audit/record-audit-event.js';
import type { Database } from '../db/database.js';
import { teamMembers, teams } from '../db/schema.js';

const SUCCESSION_ORDER = sql`case ${teamMembers.role} when 'admin' then 0 when 'editor' then 1 else 2 end`;

/**
 * Takes a deleted account out of every team, inside the deletion's transaction. A team it owned
 * goes to the member with the highest role who joined first, so it keeps exactly one owner; a
 * team it owned alone is deleted (its transcriptions were the owner's, and go with the account).
 */
export async function leaveTeamsOfDeletedAccount(tx: Database, userId: string): Promise<void> {
  const owned = await tx
    .select({ teamId: teamMembers.teamId })
    .from(teamMembers)
    .where(and(eq(teamMembers.userId, userId), eq(teamMembers.role, 'owner')));
  for (const { teamId } of owned) {
    await tx.select({ id: teams.id }).from(teams).where(eq(teams.id, teamId)).for('update');
    const [successor] = await tx
      .select({ userId: teamMembers.userId, role: teamMembers.role })
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, teamId), ne(teamMembers.userId, userId)))
      .orderBy(SUCCESSION_ORDER, asc(teamMembers.joinedAt), asc(teamMembers.userId))
      .limit(1);
    if (!successor) {
      await tx.delete(teams).where(eq(teams.id, teamId));
      await recordAuditEvent(tx, {
        action: 'team.delete',
        actor: null,
        teamId,
        detail: { reason: 'owner-account-deleted' },
      });
      continue;
    }
    // Out first: the one-owner index allows no second owner, even for a moment.
    await tx
      .delete(teamMembers)
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
    await recordAuditEvent(tx, {
      action: 'team.member-removed',
      actor: null,
      teamId,
      targetUserId: userId,
      detail: { role: 'owner', reason: 'account-deleted' },
    });
    await tx
      .update(teamMembers)
      .set({ role: 'owner' })
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, successor.userId)));
    await recordAuditEvent(tx, {
      action: 'team.ownership-transferred',
      actor: null,
      teamId,
      targetUserId: successor.userId,
      detail: { from: successor.role, to: 'owner', reason: 'owner-account-deleted' },
    });
  }
  const left = await tx
    .delete(teamMembers)
    .where(eq(teamMembers.userId, userId))
    .returning({ teamId: teamMembers.teamId, role: teamMembers.role });
  for (const { teamId, role } of left) {
    await recordAuditEvent(tx, {
      action: 'team.member-removed',
      actor: null,
      teamId,
      targetUserId: userId,
      detail: { role, reason: 'account-deleted' },
    });
  }
}
