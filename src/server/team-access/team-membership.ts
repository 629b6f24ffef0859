import { and, eq } from 'drizzle-orm';
import type { TeamRole } from '../../core/api/team-values.js';
import type { Database } from '../db/database.js';
import { teamMembers } from '../db/schema.js';

/** The user's role in the team, or null when they are not in it. */
export async function findTeamRole(
  db: Database,
  teamId: string,
  userId: string,
): Promise<TeamRole | null> {
  const rows = await db
    .select({ role: teamMembers.role })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
    .limit(1);
  return rows[0]?.role ?? null;
}
