import { ChevronDown, ChevronUp, Search, X } from 'lucide-react';
import type { KeyboardEvent, RefObject } from 'react';

interface FindBarProps {
  inputRef: RefObject<HTMLInputElement | null>;
  query: string;
  /** Which match is current (from 0), or -1. */
  current: number;
  count: number;
  onQuery: (query: string) => void;
  onStep: (direction: 1 | -1) => void;
}

// 44 px on phones: a finger's width.
const iconButton =
  'inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900 disabled:pointer-events-none disabled:opacity-40 sm:h-8 sm:w-8';

/** Find in transcript: the box, "2 of 7", previous and next. Enter steps on, Shift+Enter back. */
export function FindBar({ inputRef, query, current, count, onQuery, onStep }: FindBarProps) {
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      onStep(event.shiftKey ? -1 : 1);
    } else if (event.key === 'Escape' && query) {
      event.preventDefault();
      onQuery('');
    }
  };
  const status = !query.trim() ? '' : count === 0 ? 'No matches' : `${current + 1} of ${count}`;
  return (
    <div
      role="search"
      className="flex min-w-0 items-center gap-0.5 rounded-md border border-slate-300 bg-white pl-2 focus-within:border-brand-500 focus-within:ring-1 focus-within:ring-brand-500"
    >
      <Search aria-hidden="true" className="h-4 w-4 shrink-0 text-slate-400" />
      <input
        dir="auto"
        ref={inputRef}
        type="text"
        value={query}
        onChange={(event) => onQuery(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        placeholder="Find in transcript"
        aria-label="Find in transcript"
        aria-describedby="find-status"
        className="h-8 w-full min-w-0 bg-transparent px-1.5 text-sm text-slate-900 outline-none placeholder:text-slate-400 sm:w-44"
      />
      <span
        id="find-status"
        aria-live="polite"
        className="min-w-16 shrink-0 text-right text-xs whitespace-nowrap text-slate-500 tabular-nums"
      >
        {status}
      </span>
      {query ? (
        <button
          type="button"
          aria-label="Clear search"
          className={iconButton}
          onClick={() => onQuery('')}
        >
          <X aria-hidden="true" className="h-4 w-4" />
        </button>
      ) : null}
      <button
        type="button"
        aria-label="Previous match"
        className={iconButton}
        disabled={count === 0}
        onClick={() => onStep(-1)}
      >
        <ChevronUp aria-hidden="true" className="h-4 w-4" />
      </button>
      <button
        type="button"
        aria-label="Next match"
        className={iconButton}
        disabled={count === 0}
        onClick={() => onStep(1)}
      >
        <ChevronDown aria-hidden="true" className="h-4 w-4" />
      </button>
    </div>
  );
}
