import { Search, X } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { SEARCH_RESULTS_ID } from './search-results';

interface LibrarySearchBoxProps {
  value: string;
  onChange: (value: string) => void;
  /** Enter: open the best hit for what is typed now. */
  onSubmit: () => void;
  /** Whether the list of hits is on the page (aria-controls may only name an element that is). */
  resultsShown: boolean;
}

/** The search field above the list: Enter opens the best hit, Down enters the hits, Escape clears. */
export function LibrarySearchBox({
  value,
  onChange,
  onSubmit,
  resultsShown,
}: LibrarySearchBoxProps) {
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      onSubmit();
    } else if (event.key === 'ArrowDown') {
      const first = document.querySelector<HTMLAnchorElement>(`#${SEARCH_RESULTS_ID} a`);
      if (first) {
        event.preventDefault();
        first.focus();
      }
    } else if (event.key === 'Escape' && value) {
      event.preventDefault();
      onChange('');
    }
  };

  return (
    <div className="relative">
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400"
      />
      <input
        id="transcript-search"
        type="search"
        aria-label="Search transcripts"
        aria-controls={resultsShown ? SEARCH_RESULTS_ID : undefined}
        autoComplete="off"
        spellCheck={false}
        maxLength={200}
        placeholder="Search words or file names…"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
        className="block h-10 w-full rounded-md border border-slate-300 bg-white pl-9 pr-9 text-sm text-slate-900 placeholder:text-slate-400 focus:border-brand-500 [&::-webkit-search-cancel-button]:hidden"
      />
      {value ? (
        <button
          type="button"
          aria-label="Clear search"
          onClick={() => onChange('')}
          className="absolute right-2 top-1/2 -translate-y-1/2 rounded p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-700"
        >
          <X aria-hidden="true" className="h-4 w-4" />
        </button>
      ) : null}
    </div>
  );
}
