import { teamRoleCan, type TeamPermission } from '../../core/teams/team-permissions.js';
import type { Database } from '../db/database.js';
import { AppError } from '../errors/app-error.js';
import {
  findAccessibleTranscription,
  type AccessibleTranscription,
} from '../transcriptions/accessible-transcription.js';

export type TranscriptionAccess = AccessibleTranscription['access'];

/** The uploader of a transcription in their own library may do everything to it. */
export function accessAllows(access: TranscriptionAccess, permission: TeamPermission): boolean {
  return access === 'uploader' || teamRoleCan(access, permission);
}

/** Who is looking at a transcript's comments and highlights, and with which access. */
export interface CommentViewer {
  userId: string;
  access: TranscriptionAccess;
}

/**
 * The transcription a comment or highlight is on, if the user may comment on it; when they may
 * not even read it, a 404 that names the comment or highlight, as if it did not exist.
 */
export async function findCommentableTranscription(
  db: Database,
  userId: string,
  transcriptionId: string,
  notFoundMessage: string,
): Promise<AccessibleTranscription> {
  try {
    return await findAccessibleTranscription(db, userId, transcriptionId, 'comment');
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found')
      throw new AppError('not_found', notFoundMessage);
    throw error;
  }
}
