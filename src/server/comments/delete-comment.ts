import type { Database } from '../db/database.js';
import { AppError } from '../errors/app-error.js';
import { mayDeleteComment } from './comment-rules.js';
import { deleteThread, type CommentRow } from './comments.repository.js';
import type { CommentViewer } from './transcription-access.js';

export const NOT_YOURS_TO_DELETE =
  'You can delete only your own comments: deleting others’ needs the right to manage this team’s transcriptions.';

/** Deletes a comment; a thread's first comment takes its replies with it. */
export async function deleteComment(
  db: Database,
  comment: CommentRow,
  viewer: CommentViewer,
): Promise<void> {
  if (!mayDeleteComment(comment, viewer)) throw new AppError('forbidden', NOT_YOURS_TO_DELETE);
  await deleteThread(db, comment.id);
}
