import type { Database } from '../db/database.js';
import { AppError } from '../errors/app-error.js';
import type { AccessibleTranscription } from '../transcriptions/accessible-transcription.js';
import { findComment, type CommentRow } from './comments.repository.js';
import { findCommentableTranscription } from './transcription-access.js';

export const COMMENT_NOT_FOUND = 'Comment not found';

/**
 * The comment named by `/api/comments/:id` and the user's access to its transcription. A comment
 * on a transcription the user cannot read is a 404, as if it did not exist.
 */
export async function findAccessibleComment(
  db: Database,
  userId: string,
  id: string,
): Promise<{ comment: CommentRow; transcription: AccessibleTranscription }> {
  const comment = await findComment(db, id);
  if (!comment) throw new AppError('not_found', COMMENT_NOT_FOUND);
  const transcription = await findCommentableTranscription(
    db,
    userId,
    comment.transcriptionId,
    COMMENT_NOT_FOUND,
  );
  return { comment, transcription };
}
