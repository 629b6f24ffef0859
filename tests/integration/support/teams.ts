import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { TeamRole } from '../../../src/core/api/team-values.js';
import { teamMembers, teams, transcriptions } from '../../../src/server/db/schema.js';
import type { TestApp } from './test-app.js';

/**
 * Teams written straight to the database: the team library's tests need teams and members, not
 * the routes that make them (tested on their own).
 */
export async function insertTeam(
  app: TestApp,
  ownerId: string,
  name = 'Newsroom',
): Promise<{ id: string; name: string }> {
  const id = randomUUID();
  await app.database.db.insert(teams).values({ id, name });
  await addMember(app, id, ownerId, 'owner');
  return { id, name };
}

export async function addMember(
  app: TestApp,
  teamId: string,
  userId: string,
  role: TeamRole,
): Promise<void> {
  await app.database.db.insert(teamMembers).values({ teamId, userId, role });
}

/** As the members routes remove someone: the row goes, and the trigger tells every process. */
export async function removeMember(app: TestApp, teamId: string, userId: string): Promise<void> {
  await app.database.db
    .delete(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
}

/** Puts a transcription into a team's library, as an upload into the team would. */
export async function putInTeam(app: TestApp, transcriptionId: string, teamId: string | null) {
  await app.database.db
    .update(transcriptions)
    .set({ teamId })
    .where(eq(transcriptions.id, transcriptionId));
}
