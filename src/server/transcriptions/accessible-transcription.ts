import type { TeamRole } from '../../core/api/team-values.js';
import { roleWithArticle } from '../../core/teams/team-role-names.js';
import { teamRoleCan, type TeamPermission } from '../../core/teams/team-permissions.js';
import type { Database } from '../db/database.js';
import { AppError } from '../errors/app-error.js';
import { findTeamRole } from '../teams/team-membership.js';
import { TRANSCRIPTION_NOT_FOUND } from './owned-transcription.js';
import { findTranscriptionById, type TranscriptionRow } from './transcription.repository.js';

export interface AccessibleTranscription {
  row: TranscriptionRow;
  /** `uploader` for a transcription in the user's own library; the team role for a team's. */
  access: 'uploader' | TeamRole;
}

/**
 * The transcription named by the route's `:id`, if the user may do `permission` to it: their own
 * (not in a team), or their team's when their role allows it (docs/decisions/0087). One they
 * cannot read is a 404, as if it did not exist; one they can read but not change is a 403.
 */
export async function findAccessibleTranscription(
  db: Database,
  userId: string,
  id: string,
  permission: TeamPermission,
): Promise<AccessibleTranscription> {
  const row = await findTranscriptionById(db, id);
  if (!row) throw new AppError('not_found', TRANSCRIPTION_NOT_FOUND);
  if (!row.teamId) {
    if (row.userId !== userId) throw new AppError('not_found', TRANSCRIPTION_NOT_FOUND);
    return { row, access: 'uploader' };
  }
  const role = await findTeamRole(db, row.teamId, userId);
  if (!role) throw new AppError('not_found', TRANSCRIPTION_NOT_FOUND);
  if (!teamRoleCan(role, permission)) throw new AppError('forbidden', roleRefusal(role));
  return { row, access: role };
}

export const roleRefusal = (role: TeamRole) =>
  `As ${roleWithArticle(role)} of this team you cannot do this.`;
