import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { cn } from '../../../lib/cn';
import type { SpeakerColor } from './speaker-colors';
import { speakerNameProblem } from './speaker-edits';

/**
 * The speaker at the start of a turn, in their colour. A click turns the name into a field:
 * Enter renames every line of theirs, Escape (or leaving an unusable name) cancels.
 */
export function SpeakerName({
  name,
  color,
  canRename,
  onRename,
}: {
  name: string;
  color: SpeakerColor;
  canRename: boolean;
  onRename: (name: string) => void;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const messageId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const problem = draft === null ? null : speakerNameProblem(draft);
  // Too long is said at once; empty only once the user tries to save it.
  const shownProblem = problem && (tried || draft?.trim()) ? problem : null;

  /** `returnFocus` when the keyboard closed the field: focus goes back to the name. */
  const close = (returnFocus: boolean) => {
    setDraft(null);
    setTried(false);
    if (returnFocus) requestAnimationFrame(() => button.current?.focus());
  };
  const save = (returnFocus: boolean) => {
    if (draft === null) return;
    if (problem) return setTried(true);
    if (draft.trim() !== name) onRename(draft.trim());
    close(returnFocus);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      save(true);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    }
  };

  const dot = (
    <span aria-hidden="true" className={cn('h-2.5 w-2.5 shrink-0 rounded-full', color.dot)} />
  );

  if (draft !== null) {
    return (
      <div className="mb-1">
        <div className="flex items-center gap-2">
          {dot}
          <input
            dir="auto"
            autoFocus
            value={draft}
            aria-label={`New name for ${name}`}
            aria-invalid={shownProblem ? true : undefined}
            aria-describedby={shownProblem ? messageId : undefined}
            onChange={(event) => setDraft(event.currentTarget.value)}
            onKeyDown={onKeyDown}
            onBlur={() => (problem ? close(false) : save(false))}
            onFocus={(event) => event.currentTarget.select()}
            className="h-7 w-full max-w-72 rounded-md border border-slate-300 bg-white px-2 text-sm font-semibold text-slate-900 outline-none focus:border-brand-500 focus:ring-1 focus:ring-brand-500 aria-[invalid=true]:border-red-500 aria-[invalid=true]:ring-red-500"
          />
        </div>
        {shownProblem ? (
          <p id={messageId} role="alert" className="mt-1 pl-4.5 text-xs text-red-600">
            {shownProblem}
          </p>
        ) : (
          <p className="mt-1 pl-4.5 text-xs text-slate-500">
            Renames every line of theirs. Enter saves, Escape cancels.
          </p>
        )}
      </div>
    );
  }
  return (
    <div className="mb-0.5 flex items-center gap-2">
      {dot}
      {canRename ? (
        <button
          ref={button}
          type="button"
          aria-label={`Rename ${name}`}
          title="Rename speaker"
          onClick={() => setDraft(name)}
          className={cn(
            '-mx-1 rounded px-1 text-sm font-semibold break-words max-sm:min-h-11 max-sm:min-w-11 hover:bg-slate-100 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600',
            color.text,
          )}
        >
          {name}
        </button>
      ) : (
        <span className={cn('text-sm font-semibold break-words', color.text)}>{name}</span>
      )}
    </div>
  );
}
