import { MessageSquare } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { formatTimestamp } from '../../../core/format/format-timestamp';
import { commentCount } from './comment-threads';
import { toastCommentError } from './comment-errors';
import { CommentsPanel, type PanelLine } from './comments-panel';
import { CommentsSheet } from './comments-sheet';
import { LineCommentActions } from './line-comment-actions';
import type { LineHighlight } from './highlight-pieces';
import { useTranscriptComments } from './use-transcript-comments';
import { useWideScreen } from './use-wide-screen';

/**
 * What the workbench needs of comments: each line's marker and actions and highlights, the panel
 * beside the lines (wide screens) or the sheet and its toggle (narrow ones).
 */
export function useWorkbenchComments(id: string, lines: readonly PanelLine[]) {
  const comments = useTranscriptComments(id, lines.length);
  const wide = useWideScreen();
  const [sheetOpen, setSheetOpen] = useState(false);
  const { openLine, setOpenLine, actions } = comments;

  const openThread = (index: number) => {
    setOpenLine(openLine === index && wide ? null : index);
    if (!wide) setSheetOpen(true);
  };

  const lineActions = (index: number): ReactNode => {
    const threads = comments.threads.get(index) ?? [];
    const line = lines[index];
    return (
      <LineCommentActions
        lineName={`the line at ${formatTimestamp(line?.start ?? 0)}`}
        count={commentCount(threads)}
        resolved={threads.length > 0 && threads.every((thread) => thread.root.resolved)}
        open={openLine === index}
        onOpen={() => openThread(index)}
        onHighlight={(span) =>
          actions.highlight.mutate(
            { segment: index, ...span },
            { onError: toastCommentError('Could not highlight the words') },
          )
        }
      />
    );
  };

  const lineHighlights = (index: number): LineHighlight[] =>
    (comments.highlights.get(index) ?? []).map((highlight) => ({
      id: highlight.id,
      start: highlight.start,
      end: highlight.end,
      author: highlight.author.name,
    }));

  const toggle = wide ? null : (
    <button
      type="button"
      onClick={() => {
        setOpenLine(null);
        setSheetOpen(true);
      }}
      className="inline-flex h-11 items-center gap-1.5 rounded-md px-2 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900 sm:h-8"
    >
      <MessageSquare aria-hidden="true" className="h-4 w-4" />
      Comments{comments.total > 0 ? ` (${comments.total})` : ''}
    </button>
  );

  const panel = wide ? (
    <aside className="sticky top-56 max-h-[calc(100vh-15rem)] overflow-y-auto rounded-xl border border-slate-200 bg-slate-50/60 p-3">
      <CommentsPanel comments={comments} lines={lines} />
    </aside>
  ) : (
    <CommentsSheet
      comments={comments}
      lines={lines}
      open={sheetOpen}
      onOpenChange={(open) => {
        setSheetOpen(open);
        if (!open) setOpenLine(null);
      }}
    />
  );

  return { wide, lineActions, lineHighlights, toggle, panel };
}
