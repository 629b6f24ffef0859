import { Check, Combine, SplitSquareVertical } from 'lucide-react';
import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { Button } from '../../../components/ui/button';

/** How long typing may pause before the text is saved. */
export const AUTOSAVE_PAUSE_MS = 700;

interface SegmentEditorProps {
  initialText: string;
  caret: number;
  label: string;
  canMerge: boolean;
  /** The text so far: after a pause in typing, and when editing ends. */
  onText: (text: string) => void;
  /** Editing ends; `returnFocus` when the keyboard ended it, so focus goes back to the line. */
  onDone: (returnFocus: boolean) => void;
  onCancel: () => void;
  onSplit: (text: string, offset: number) => void;
  onMerge: (text: string) => void;
}

/**
 * One line's text as a field: saved after a pause and when left, Enter finishes, Escape takes the
 * session's changes back. Split and merge act on the text as typed, at the caret.
 */
export function SegmentEditor(props: SegmentEditorProps) {
  const { initialText, caret, label, canMerge, onText, onDone, onCancel, onSplit, onMerge } = props;
  const field = useRef<HTMLTextAreaElement>(null);
  const [draft, setDraft] = useState(initialText);
  const timer = useRef<number | undefined>(undefined);
  // Once finished or cancelled, nothing more is sent (a late blur must not undo a cancel).
  const closed = useRef(false);

  useEffect(() => {
    const element = field.current;
    if (!element) return;
    element.focus();
    element.setSelectionRange(caret, caret);
    return () => window.clearTimeout(timer.current);
  }, [caret]);

  const flush = () => {
    window.clearTimeout(timer.current);
    if (!closed.current) onText(draft);
  };
  const finish = (returnFocus: boolean) => {
    flush();
    closed.current = true;
    onDone(returnFocus);
  };

  const type = (text: string) => {
    setDraft(text);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => onText(text), AUTOSAVE_PAUSE_MS);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      window.clearTimeout(timer.current);
      closed.current = true;
      onCancel();
    } else if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      finish(true);
    }
  };

  // Editing ends when focus leaves the line (its buttons are part of it).
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (closed.current || event.currentTarget.contains(event.relatedTarget as Node | null)) return;
    finish(false);
  };

  const keepFocus = (event: { preventDefault: () => void }) => event.preventDefault();

  return (
    <div onBlur={onBlur}>
      <textarea
        dir="auto"
        ref={field}
        value={draft}
        aria-label={label}
        rows={1}
        onChange={(event) => type(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        className="field-sizing-content -mx-1 block w-[calc(100%+0.5rem)] resize-none rounded bg-white px-1 leading-relaxed text-slate-900 outline-none ring-2 ring-brand-500"
      />
      <div className="mt-1.5 flex flex-wrap items-center gap-1.5">
        <Button
          size="sm"
          variant="outline"
          className="h-7 px-2 text-xs"
          onMouseDown={keepFocus}
          onClick={() => {
            window.clearTimeout(timer.current);
            closed.current = true;
            onSplit(draft, field.current?.selectionStart ?? draft.length);
          }}
        >
          <SplitSquareVertical aria-hidden="true" className="h-3.5 w-3.5" />
          Split at cursor
        </Button>
        <Button
          size="sm"
          variant="outline"
          className="h-7 px-2 text-xs"
          disabled={!canMerge}
          onMouseDown={keepFocus}
          onClick={() => {
            window.clearTimeout(timer.current);
            closed.current = true;
            onMerge(draft);
          }}
        >
          <Combine aria-hidden="true" className="h-3.5 w-3.5" />
          Merge with next
        </Button>
        <Button
          size="sm"
          variant="ghost"
          className="h-7 px-2 text-xs"
          onMouseDown={keepFocus}
          onClick={() => finish(true)}
        >
          <Check aria-hidden="true" className="h-3.5 w-3.5" />
          Done
        </Button>
        <span className="text-xs text-slate-500">Enter to finish · Esc to cancel</span>
      </div>
    </div>
  );
}
