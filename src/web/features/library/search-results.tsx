import { AlertCircle, FileAudio, SearchX } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { Link } from 'wouter';
import type { SearchHitDto } from '../../../core/api/search';
import { formatDate } from '../../../core/format/format-date';
import { formatTimestamp } from '../../../core/format/format-timestamp';
import { Spinner } from '../../components/ui/spinner';
import { HighlightedSnippet } from './highlighted-snippet';
import { transcriptionHitHref } from './start-time';

export const SEARCH_RESULTS_ID = 'transcript-search-results';

/** Up and Down move between the hits (and back to the search box above the first). */
function moveBetweenHits(event: KeyboardEvent<HTMLUListElement>) {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
  const links = Array.from(event.currentTarget.querySelectorAll<HTMLAnchorElement>('a'));
  const index = links.indexOf(document.activeElement as HTMLAnchorElement);
  if (index < 0) return;
  event.preventDefault();
  const next = event.key === 'ArrowDown' ? links[index + 1] : links[index - 1];
  if (next) next.focus();
  else if (event.key === 'ArrowUp') document.getElementById('transcript-search')?.focus();
}

function SearchHit({ hit, query }: { hit: SearchHitDto; query: string }) {
  return (
    <li>
      <Link
        href={transcriptionHitHref(hit.id, hit.start, query)}
        className="block rounded-lg px-3 py-3 outline-none hover:bg-slate-50 focus-visible:bg-brand-50 focus-visible:ring-2 focus-visible:ring-brand-500"
      >
        <span className="flex items-baseline gap-2">
          <FileAudio aria-hidden="true" className="h-4 w-4 shrink-0 self-center text-brand-600" />
          <span className="min-w-0 flex-1 truncate font-medium text-slate-900">{hit.filename}</span>
          <span className="shrink-0 text-xs text-slate-500">{formatDate(hit.createdAt)}</span>
        </span>
        <span className="mt-1 flex items-baseline gap-2 text-sm text-slate-600">
          {hit.start !== null ? (
            <span className="shrink-0 rounded bg-brand-50 px-1.5 font-mono text-xs tabular-nums text-brand-700">
              {formatTimestamp(hit.start)}
            </span>
          ) : null}
          <span dir="auto" className="line-clamp-2 min-w-0">
            <HighlightedSnippet snippet={hit.snippet} />
          </span>
        </span>
      </Link>
    </li>
  );
}

interface SearchResultsProps {
  query: string;
  /** The speaker the search is narrowed to, or null. */
  speaker: string | null;
  hits: SearchHitDto[] | undefined;
  isPending: boolean;
  isError: boolean;
  isStale: boolean;
}

/** What the search box found: ranked hits that open the transcript at the matching moment. */
export function SearchResults({
  query,
  speaker,
  hits,
  isPending,
  isError,
  isStale,
}: SearchResultsProps) {
  if (isError) {
    return (
      <p role="alert" className="flex items-center gap-2 py-6 text-sm text-red-700">
        <AlertCircle aria-hidden="true" className="h-4 w-4" />
        The search failed. Please try again.
      </p>
    );
  }
  if (isPending || !hits) {
    return (
      <div className="flex justify-center py-8">
        <Spinner className="h-6 w-6" label="Searching" />
      </div>
    );
  }
  return (
    <div className={isStale ? 'opacity-60 transition-opacity' : undefined}>
      <p aria-live="polite" className="sr-only">
        {hits.length === 1 ? '1 result' : `${hits.length} results`}
      </p>
      {hits.length === 0 ? (
        <div className="flex flex-col items-center py-8 text-center">
          <SearchX aria-hidden="true" className="h-8 w-8 text-slate-400" />
          <p className="mt-2 text-sm text-slate-600">
            {speaker === null
              ? `No transcript mentions “${query}”.`
              : `No transcript in which ${speaker} speaks mentions “${query}”.`}
          </p>
        </div>
      ) : (
        <ul
          id={SEARCH_RESULTS_ID}
          aria-label="Search results"
          className="-mx-3 divide-y divide-slate-100"
          onKeyDown={moveBetweenHits}
        >
          {hits.map((hit) => (
            <SearchHit key={hit.id} hit={hit} query={query} />
          ))}
        </ul>
      )}
    </div>
  );
}
