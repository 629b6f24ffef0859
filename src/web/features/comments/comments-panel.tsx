import { Highlighter, X } from 'lucide-react';
import { useRef } from 'react';
import { formatTimestamp } from '../../../core/format/format-timestamp';
import { Button } from '../../components/ui/button';
import { toast } from '../toasts/toast-store';
import { commentCount } from './comment-threads';
import { CommentForm } from './comment-form';
import { toastCommentError } from './comment-errors';
import { CommentThreadView } from './comment-thread-view';
import { HighlightedText } from './highlighted-text';
import { selectionOffsets } from './selection-offsets';
import type { TranscriptComments } from './use-transcript-comments';

export interface PanelLine {
  text: string;
  start: number;
}

/**
 * Beside the transcript: the open line's highlights and threads with a field for a new one, or,
 * with no line open, every line that has comments.
 */
export function CommentsPanel({
  comments,
  lines,
  onClose,
}: {
  comments: TranscriptComments;
  lines: readonly PanelLine[];
  onClose?: () => void;
}) {
  const { openLine } = comments;
  const line = openLine === null ? undefined : lines[openLine];
  return (
    <section aria-label="Comments" className="space-y-3">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-900">
          {line ? `Comments on the line at ${formatTimestamp(line.start)}` : 'Comments'}
        </h3>
        {line || onClose ? (
          <button
            type="button"
            aria-label={line ? 'Close the line’s comments' : 'Close comments'}
            onClick={() => (line ? comments.setOpenLine(null) : onClose?.())}
            className="inline-flex h-11 w-11 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-900 sm:h-8 sm:w-8"
          >
            <X aria-hidden="true" className="h-4 w-4" />
          </button>
        ) : null}
      </div>
      {line && openLine !== null ? (
        <LineComments comments={comments} index={openLine} line={line} />
      ) : (
        <AllComments comments={comments} lines={lines} />
      )}
    </section>
  );
}

function LineComments({
  comments,
  index,
  line,
}: {
  comments: TranscriptComments;
  index: number;
  line: PanelLine;
}) {
  const quote = useRef<HTMLQuoteElement>(null);
  const { actions } = comments;
  const threads = comments.threads.get(index) ?? [];
  const highlights = (comments.highlights.get(index) ?? []).map((highlight) => ({
    id: highlight.id,
    start: highlight.start,
    end: highlight.end,
    author: highlight.author.name,
  }));
  const highlightSelection = () => {
    const span = quote.current ? selectionOffsets(quote.current) : null;
    if (!span) {
      toast({
        title: 'Select words of the line first',
        description: 'Select them in the quote above, then choose Highlight.',
      });
      return;
    }
    window.getSelection()?.removeAllRanges();
    actions.highlight.mutate(
      { segment: index, ...span },
      { onError: toastCommentError('Could not highlight the words') },
    );
  };
  return (
    <div className="space-y-3">
      <blockquote
        ref={quote}
        dir="auto"
        className="rounded-md border-l-4 border-slate-300 bg-slate-50 px-3 py-2 text-sm whitespace-pre-wrap text-slate-700"
      >
        <HighlightedText text={line.text} highlights={highlights} />
      </blockquote>
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="outline"
          size="sm"
          onMouseDown={(event) => event.preventDefault()}
          onClick={highlightSelection}
          disabled={actions.highlight.isPending}
        >
          <Highlighter aria-hidden="true" className="h-4 w-4" />
          Highlight selected words
        </Button>
      </div>
      {highlights.length > 0 ? (
        <ul aria-label="Highlights" className="space-y-1">
          {highlights.map((highlight) => (
            <li key={highlight.id} className="flex items-center justify-between gap-2 text-xs">
              <span className="min-w-0 truncate text-slate-600">
                <mark className="rounded-sm bg-lime-200">
                  {line.text.slice(highlight.start, highlight.end)}
                </mark>{' '}
                · {highlight.author}
              </span>
              <button
                type="button"
                aria-label={`Remove the highlight “${line.text.slice(highlight.start, highlight.end)}”`}
                onClick={() =>
                  actions.unhighlight.mutate(highlight.id, {
                    onError: toastCommentError('Could not remove the highlight'),
                  })
                }
                className="shrink-0 rounded px-1 font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900 max-sm:min-h-11"
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {threads.map((thread) => (
        <CommentThreadView key={thread.root.id} thread={thread} actions={actions} />
      ))}
      <CommentForm
        label={threads.length > 0 ? 'Start another thread on this line' : 'Comment on this line'}
        submitLabel="Comment"
        busy={actions.add.isPending}
        autoFocus={threads.length === 0}
        onSubmit={(text) =>
          actions.add.mutateAsync({ segment: index, text }).catch((error: unknown) => {
            toastCommentError('Could not send the comment')(error);
            throw error;
          })
        }
      />
    </div>
  );
}

function AllComments({
  comments,
  lines,
}: {
  comments: TranscriptComments;
  lines: readonly PanelLine[];
}) {
  const commented = [...comments.threads.entries()].sort(([a], [b]) => a - b);
  if (commented.length === 0)
    return (
      <p className="text-sm text-slate-500">
        No comments yet. Choose Comment beside a line to start a thread, or select words and
        highlight them.
      </p>
    );
  return (
    <ul className="space-y-1">
      {commented.map(([index, threads]) => {
        const open = threads.filter((thread) => !thread.root.resolved).length;
        const count = commentCount(threads);
        return (
          <li key={index}>
            <button
              type="button"
              onClick={() => comments.setOpenLine(index)}
              className="w-full rounded-md px-2 py-1.5 text-left text-sm hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <span className="font-mono text-xs text-slate-500">
                {formatTimestamp(lines[index]?.start ?? 0)}
              </span>{' '}
              <span className="text-slate-800">
                {count} {count === 1 ? 'comment' : 'comments'}
              </span>
              <span className="text-slate-500">
                {open === 0 ? ' · resolved' : ` · ${open} open`}
              </span>
              <span className="block truncate text-xs text-slate-500">{threads[0]?.root.text}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
