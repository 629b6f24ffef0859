import { DELETED_USER_NAME, type CommentDto } from '../../core/api/comments.js';
import { mayDeleteComment, mayEditComment, mayResolveComment } from './comment-rules.js';
import type { CommentRow } from './comments.repository.js';
import type { CommentViewer } from './transcription-access.js';

export function toCommentDto(row: CommentRow, viewer: CommentViewer): CommentDto {
  return {
    id: row.id,
    segment: row.segment,
    parent: row.parentId,
    text: row.text,
    author: { id: row.authorId, name: row.authorName ?? DELETED_USER_NAME },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    resolved: row.resolvedAt !== null,
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    resolvedBy:
      row.resolvedAt === null
        ? null
        : { id: row.resolvedBy, name: row.resolvedByName ?? DELETED_USER_NAME },
    canEdit: mayEditComment(row, viewer),
    canDelete: mayDeleteComment(row, viewer),
    canResolve: mayResolveComment(row, viewer),
  };
}
