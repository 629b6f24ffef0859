import { Highlighter, MessageSquare, MessageSquarePlus } from 'lucide-react';
import type { MouseEvent } from 'react';
import { cn } from '../../lib/cn';
import { toast } from '../toasts/toast-store';
import { selectionOffsets } from './selection-offsets';

const actionButton =
  'inline-flex h-11 min-w-11 items-center justify-center gap-1 rounded-md px-1.5 text-xs font-medium text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:opacity-100 focus-visible:outline-2 focus-visible:outline-brand-600 sm:h-7 sm:min-w-7';

/** Where a line's text is, so the selection in it can be measured. */
export const LINE_TEXT_ATTRIBUTE = 'data-line-text';

/**
 * A line's comment marker (how many comments it has; opens its thread) and its actions:
 * Comment, and Highlight for the words selected in it. A phone shows one button (a line's panel
 * has Highlight there).
 */
export function LineCommentActions({
  lineName,
  count,
  resolved,
  open,
  onOpen,
  onHighlight,
}: {
  /** "the line at 0:04" */
  lineName: string;
  count: number;
  /** Every thread on the line is resolved. */
  resolved: boolean;
  open: boolean;
  onOpen: () => void;
  onHighlight: (span: { start: number; end: number }) => void;
}) {
  // The selection is read before the button takes focus, so it is still there.
  const highlight = (event: MouseEvent<HTMLButtonElement>) => {
    const text = event.currentTarget.closest('li')?.querySelector(`[${LINE_TEXT_ATTRIBUTE}]`);
    const span = text ? selectionOffsets(text) : null;
    if (!span) {
      toast({
        title: 'Select words in this line first',
        description: 'Then choose Highlight to mark them.',
      });
      return;
    }
    window.getSelection()?.removeAllRanges();
    onHighlight(span);
  };
  return (
    <div className="flex shrink-0 items-start">
      {count > 0 ? (
        <button
          type="button"
          aria-label={`${count} ${count === 1 ? 'comment' : 'comments'} on ${lineName}${resolved ? ', resolved' : ''}`}
          aria-expanded={open}
          onClick={onOpen}
          className={cn(
            actionButton,
            resolved ? 'text-slate-400' : 'text-brand-700',
            open && 'bg-brand-50',
          )}
        >
          <MessageSquare aria-hidden="true" className="h-4 w-4" />
          <span data-comment-count>{count}</span>
        </button>
      ) : null}
      <button
        type="button"
        aria-label={`Comment on ${lineName}`}
        title="Comment"
        onClick={onOpen}
        className={cn(
          actionButton,
          'sm:opacity-0 sm:group-focus-within:opacity-100 sm:group-hover:opacity-100',
          // On a phone one button per line: the marker when there are comments.
          count > 0 && 'max-sm:hidden',
        )}
      >
        <MessageSquarePlus aria-hidden="true" className="h-4 w-4" />
      </button>
      <button
        type="button"
        aria-label={`Highlight the selected words of ${lineName}`}
        title="Highlight the selected words"
        onMouseDown={(event) => event.preventDefault()}
        onClick={highlight}
        className={cn(
          actionButton,
          'max-sm:hidden sm:opacity-0 sm:group-focus-within:opacity-100 sm:group-hover:opacity-100',
        )}
      >
        <Highlighter aria-hidden="true" className="h-4 w-4" />
      </button>
    </div>
  );
}
