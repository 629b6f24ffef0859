import { teamRoleCan } from '../../../core/teams/team-permissions.js';
import type { Database } from '../../db/database.js';
import { AppError } from '../../errors/app-error.js';
import { findTeamRole } from '../../team-access/team-membership.js';
import { TEAM_NOT_FOUND } from '../../team-access/library-scope.js';

export const VIEWER_CANNOT_ADD =
  'As a viewer of this team you cannot add transcriptions to its library.';

/** Refuses a team the user may not upload or move into: 404 outside it, 403 for a viewer. */
export async function assertMayUploadInto(
  db: Database,
  userId: string,
  teamId: string,
): Promise<void> {
  const role = await findTeamRole(db, teamId, userId);
  if (!role) throw new AppError('not_found', TEAM_NOT_FOUND);
  if (!teamRoleCan(role, 'upload')) throw new AppError('forbidden', VIEWER_CANNOT_ADD);
}
