import type { UpdateCommentBody } from '../../core/api/comments.js';
import type { Database } from '../db/database.js';
import { AppError } from '../errors/app-error.js';
import { mayEditComment, mayResolveComment } from './comment-rules.js';
import { findComment, updateComment, type CommentRow } from './comments.repository.js';
import type { CommentViewer } from './transcription-access.js';

export const ONLY_AUTHOR_EDITS = 'Only its author can change the words of a comment.';
export const REPLIES_NOT_RESOLVED =
  'Only a thread is resolved or reopened, not one of its replies.';
export const NOT_YOURS_TO_RESOLVE =
  'You can resolve or reopen only the threads you started: resolving others’ needs the right to edit this transcript.';

/** Rewrites a comment's text and/or resolves or reopens its thread; every rule checked first. */
export async function changeComment(
  db: Database,
  comment: CommentRow,
  viewer: CommentViewer,
  body: UpdateCommentBody,
): Promise<CommentRow> {
  if (body.text === undefined && body.resolved === undefined)
    throw new AppError('bad_request', 'Nothing to change: send "text" or "resolved".');
  if (body.text !== undefined && !mayEditComment(comment, viewer))
    throw new AppError('forbidden', ONLY_AUTHOR_EDITS);
  if (body.resolved !== undefined) {
    if (comment.parentId !== null) throw new AppError('bad_request', REPLIES_NOT_RESOLVED);
    if (!mayResolveComment(comment, viewer)) throw new AppError('forbidden', NOT_YOURS_TO_RESOLVE);
  }
  const now = new Date();
  const resolving =
    body.resolved === undefined || body.resolved === (comment.resolvedAt !== null)
      ? {}
      : body.resolved
        ? { resolvedAt: now, resolvedBy: viewer.userId }
        : { resolvedAt: null, resolvedBy: null };
  const rewriting =
    body.text !== undefined && body.text !== comment.text
      ? { text: body.text, updatedAt: now }
      : {};
  if (Object.keys(resolving).length + Object.keys(rewriting).length > 0)
    await updateComment(db, comment.id, { ...resolving, ...rewriting });
  const changed = await findComment(db, comment.id);
  if (!changed) throw new AppError('not_found', 'Comment not found');
  return changed;
}
