import { DELETED_USER_NAME } from '../../core/api/comments.js';
import type { Database } from '../db/database.js';
import type { ExportCommentThread } from '../transcriptions/exports/export-format.js';
import { listComments } from './comments.repository.js';

/** The transcript's comments as threads for a download, oldest first, replies under each. */
export async function commentThreadsForExport(
  db: Database,
  transcriptionId: string,
): Promise<ExportCommentThread[]> {
  const threads = new Map<string, ExportCommentThread>();
  for (const comment of await listComments(db, transcriptionId)) {
    const author = comment.authorName ?? DELETED_USER_NAME;
    if (comment.parentId === null) {
      threads.set(comment.id, {
        segment: comment.segment,
        author,
        text: comment.text,
        createdAt: comment.createdAt,
        resolved: comment.resolvedAt !== null,
        resolvedAt: comment.resolvedAt,
        resolvedBy:
          comment.resolvedAt === null ? null : (comment.resolvedByName ?? DELETED_USER_NAME),
        replies: [],
      });
    } else {
      threads.get(comment.parentId)?.replies.push({
        author,
        text: comment.text,
        createdAt: comment.createdAt,
      });
    }
  }
  return [...threads.values()];
}
