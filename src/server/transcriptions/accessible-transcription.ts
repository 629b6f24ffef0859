import { and, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { TeamRole } from '../../core/api/team-values.js';
import { roleWithArticle } from '../../core/teams/team-role-names.js';
import { teamRoleCan, type TeamPermission } from '../../core/teams/team-permissions.js';
import type { Database } from '../db/database.js';
import { teamMembers, transcriptions } from '../db/schema.js';
import { AppError } from '../errors/app-error.js';
import { findTeamRole } from '../team-access/team-membership.js';
import { TRANSCRIPTION_NOT_FOUND } from './owned-transcription.js';
import {
  findTranscriptionById,
  transcriptionColumns,
  type TranscriptionRow,
} from './transcription.repository.js';

/** `uploader` for a transcription in the user's own library; the team role for a team's. */
export type TranscriptionAccess = 'uploader' | TeamRole;

export interface AccessibleTranscription {
  row: TranscriptionRow;
  access: TranscriptionAccess;
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
  return { row, access: await accessTo(db, userId, row, permission) };
}

/** As findAccessibleTranscription, deleted ones included (what an undo of a deletion reads). */
export async function findAccessibleTranscriptionWithDeleted(
  db: Database,
  userId: string,
  id: string,
  permission: TeamPermission,
): Promise<AccessibleTranscription> {
  const [row] = await db
    .select(transcriptionColumns)
    .from(transcriptions)
    .where(eq(transcriptions.id, id))
    .limit(1);
  if (!row) throw new AppError('not_found', TRANSCRIPTION_NOT_FOUND);
  return { row, access: await accessTo(db, userId, row, permission) };
}

/** The user's access to a transcription for `permission`, or the 404 / 403 that refuses it. */
export async function accessTo(
  db: Database,
  userId: string,
  row: Pick<TranscriptionRow, 'userId' | 'teamId'>,
  permission: TeamPermission,
): Promise<TranscriptionAccess> {
  if (!row.teamId) {
    if (row.userId !== userId) throw new AppError('not_found', TRANSCRIPTION_NOT_FOUND);
    return 'uploader';
  }
  const role = await findTeamRole(db, row.teamId, userId);
  if (!role) throw new AppError('not_found', TRANSCRIPTION_NOT_FOUND);
  if (!teamRoleCan(role, permission)) throw new AppError('forbidden', roleRefusal(role));
  return role;
}

export const roleRefusal = (role: TeamRole) =>
  `As ${roleWithArticle(role)} of this team you cannot do this.`;

/**
 * The rows the user may read, as a query condition (for lists of ids, such as a ZIP's): their own
 * outside teams, and those of the teams they are in.
 */
export function readableBy(db: Database, userId: string): SQL {
  const theirTeams = db
    .select({ teamId: teamMembers.teamId })
    .from(teamMembers)
    .where(eq(teamMembers.userId, userId));
  return or(
    and(eq(transcriptions.userId, userId), isNull(transcriptions.teamId)),
    inArray(transcriptions.teamId, theirTeams),
  ) as SQL;
}
