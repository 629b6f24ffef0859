import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { TeamDto } from '../../core/api/teams.js';
import { recordAuditEvent } from '../audit/record-audit-event.js';
import type { Database } from '../db/database.js';
import { teamMembers, teams } from '../db/schema.js';
import { lockTeamForChange } from './team-access.js';
import type { TeamActor } from './team-actor.js';

/** A new team, with its creator as the owner. */
export async function createTeam(db: Database, actor: TeamActor, name: string): Promise<TeamDto> {
  const id = randomUUID();
  await db.transaction(async (tx) => {
    await tx.insert(teams).values({ id, name });
    await tx.insert(teamMembers).values({ teamId: id, userId: actor.id, role: 'owner' });
    await recordAuditEvent(tx, {
      action: 'team.create',
      actor,
      teamId: id,
      detail: { name },
    });
  });
  return { id, name, role: 'owner' };
}

/** Renames the team (owner or admin). */
export async function renameTeam(
  db: Database,
  actor: TeamActor,
  teamId: string,
  name: string,
): Promise<TeamDto> {
  return db.transaction(async (tx) => {
    const role = await lockTeamForChange(tx, teamId, actor.id, 'manageMembers');
    await tx.update(teams).set({ name }).where(eq(teams.id, teamId));
    return { id: teamId, name, role };
  });
}

/**
 * Deletes the team (owner only). Its transcriptions go back to their uploaders' own libraries;
 * its members and invitations go with it (docs/decisions/0087).
 */
export async function deleteTeam(db: Database, actor: TeamActor, teamId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockTeamForChange(tx, teamId, actor.id, 'ownTeam');
    const [deleted] = await tx
      .delete(teams)
      .where(eq(teams.id, teamId))
      .returning({ name: teams.name });
    await recordAuditEvent(tx, {
      action: 'team.delete',
      actor,
      teamId,
      detail: { name: deleted?.name ?? null },
    });
  });
}
