import { eq } from 'drizzle-orm';
import type { TeamRole } from '../../core/api/team-values.js';
import { teamRoleCan, type TeamPermission } from '../../core/teams/team-permissions.js';
import { roleWithArticle } from '../../core/teams/team-role-names.js';
import type { Database } from '../db/database.js';
import { teams } from '../db/schema.js';
import { AppError } from '../errors/app-error.js';
import { findTeamRole } from '../team-access/team-membership.js';

export const TEAM_NOT_FOUND = 'No such team, or you are not a member of it.';

export const teamRoleRefusal = (role: TeamRole) =>
  `As ${roleWithArticle(role)} of this team you cannot do this.`;

/**
 * The user's role in the team, when it allows `permission`. Outsiders get a 404 whether or not
 * the team exists; members whose role lacks the permission get a 403 (docs/decisions/0087).
 */
export async function requireTeamRole(
  db: Database,
  teamId: string,
  userId: string,
  permission: TeamPermission,
): Promise<TeamRole> {
  const role = await findTeamRole(db, teamId, userId);
  if (!role) throw new AppError('not_found', TEAM_NOT_FOUND);
  if (!teamRoleCan(role, permission)) throw new AppError('forbidden', teamRoleRefusal(role));
  return role;
}

/**
 * `requireTeamRole` inside a transaction that changes the team: the team's row is locked first,
 * so changes to one team's members (a handover, a removal) happen one after the other.
 */
export async function lockTeamForChange(
  tx: Database,
  teamId: string,
  userId: string,
  permission: TeamPermission,
): Promise<TeamRole> {
  await tx.select({ id: teams.id }).from(teams).where(eq(teams.id, teamId)).for('update');
  return requireTeamRole(tx, teamId, userId, permission);
}
