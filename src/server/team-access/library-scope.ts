import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { TeamRole } from '../../core/api/team-values.js';
import type { Database } from '../db/database.js';
import { transcriptions } from '../db/schema.js';
import { AppError } from '../errors/app-error.js';
import { findTeamRole } from './team-membership.js';

export const TEAM_NOT_FOUND = 'Team not found';

/**
 * Which library a list, search or stream shows: the user's own (their transcriptions in no team)
 * or a team's (every member's transcriptions in it), with the reader's access to its items.
 */
export type LibraryScope =
  { teamId: null; userId: string; access: 'uploader' } | { teamId: string; access: TeamRole };

/** The library a request names (`team`), or the user's own; a team they are not in is a 404. */
export async function resolveLibrary(
  db: Database,
  userId: string,
  teamId: string | undefined,
): Promise<LibraryScope> {
  if (teamId === undefined) return { teamId: null, userId, access: 'uploader' };
  const role = await findTeamRole(db, teamId, userId);
  if (!role) throw new AppError('not_found', TEAM_NOT_FOUND);
  return { teamId, access: role };
}

/** The rows of the library (deleted ones included: callers add their own conditions). */
export function inLibrary(scope: LibraryScope): SQL {
  return scope.teamId === null
    ? (and(eq(transcriptions.userId, scope.userId), isNull(transcriptions.teamId)) as SQL)
    : eq(transcriptions.teamId, scope.teamId);
}

/** A name that keeps a user's cached reads of different libraries apart. */
export function libraryKey(scope: LibraryScope): string {
  return scope.teamId === null ? 'own' : `team ${scope.teamId}`;
}
