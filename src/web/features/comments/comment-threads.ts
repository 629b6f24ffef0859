import type { CommentDto, HighlightDto } from '../../../core/api/comments';

export interface CommentThread {
  root: CommentDto;
  replies: CommentDto[];
  /** The line it is shown under: its own, or the last one when its line was removed since. */
  line: number;
  lineRemoved: boolean;
}

/** Comments (oldest first) as threads, by the line each is shown under. */
export function threadsByLine(
  comments: readonly CommentDto[],
  lineCount: number,
): Map<number, CommentThread[]> {
  const threads = new Map<string, CommentThread>();
  for (const comment of comments) {
    if (comment.parent === null) {
      const lineRemoved = comment.segment >= lineCount;
      threads.set(comment.id, {
        root: comment,
        replies: [],
        line: lineRemoved ? Math.max(0, lineCount - 1) : comment.segment,
        lineRemoved,
      });
    } else threads.get(comment.parent)?.replies.push(comment);
  }
  const byLine = new Map<number, CommentThread[]>();
  for (const thread of threads.values())
    byLine.set(thread.line, [...(byLine.get(thread.line) ?? []), thread]);
  return byLine;
}

export function highlightsByLine(highlights: readonly HighlightDto[]) {
  const byLine = new Map<number, HighlightDto[]>();
  for (const highlight of highlights)
    byLine.set(highlight.segment, [...(byLine.get(highlight.segment) ?? []), highlight]);
  return byLine;
}

/** Comments shown under a line, replies included. */
export const commentCount = (threads: readonly CommentThread[] = []) =>
  threads.reduce((sum, thread) => sum + 1 + thread.replies.length, 0);
