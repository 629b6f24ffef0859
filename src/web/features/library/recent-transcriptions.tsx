import { useQueryClient } from '@tanstack/react-query';
import { AlertCircle, FileAudio, Upload } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import type { SearchHitDto } from '../../../core/api/search';
import { MESSAGES } from '../../../core/messages';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useScrollToHash } from '../../lib/use-scroll-to-hash';
import { TranscriptionListItem } from '../transcriptions/transcription-list-item';
import { useLibraryState } from './library-context';
import { searchKey, useTranscriptSearch } from './library-queries';
import { LibrarySearchBox } from './library-search-box';
import { LibrarySortSelect } from './library-sort-select';
import { LibrarySwitcher } from './library-switcher';
import { SearchResults } from './search-results';
import { SearchSpeakerSelect } from './search-speaker-select';
import { speakerFilterOptions } from './search-speakers';
import { transcriptionHitHref } from './start-time';
import { BulkActionsBar } from './bulk/bulk-actions-bar';
import { SelectAllRow } from './bulk/select-all-row';
import { SelectionCheckbox } from './bulk/selection-checkbox';
import { useLibrarySelection } from './bulk/use-library-selection';

/** Long enough to skip the keys of a word typed in one go, short enough to feel immediate. */
const SEARCH_DELAY_MS = 250;

/**
 * The dashboard's library: a search box (hits as you type), the list in the chosen order a page at
 * a time, or the empty state with a way to the upload picker.
 */
export function RecentTranscriptions({ onUploadClick }: { onUploadClick: () => void }) {
  const { team, sort, setSort, library } = useLibraryState();
  const [query, setQuery] = useState('');
  /** A search narrowed to one speaker (a name people gave), or null for anyone. */
  const [speaker, setSpeaker] = useState<string | null>(null);
  const typed = query.trim();
  const searchFor = useDebouncedValue(typed, SEARCH_DELAY_MS);
  const search = useTranscriptSearch(searchFor, speaker, team);
  const speakerOptions = speakerFilterOptions(search.data, speaker);
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  useScrollToHash(!library.isPending);
  const selection = useLibrarySelection();
  const listed = library.items.map(({ id, filename, isEdited }) => ({ id, filename, isEdited }));

  const openBestHit = async () => {
    if (!typed) return;
    try {
      const hits = await queryClient.fetchQuery<SearchHitDto[]>({
        queryKey: searchKey(typed, speaker, team),
        staleTime: 5_000,
      });
      const best = hits[0];
      if (best) navigate(transcriptionHitHref(best.id, best.start, typed));
    } catch {
      // The results area shows the failure of the same search.
    }
  };

  const changeQuery = (value: string) => {
    setQuery(value);
    // A new search starts with anyone speaking.
    if (value.trim() === '') setSpeaker(null);
  };

  const shownHits = typed === '' || searchFor === '' || search.isError ? undefined : search.data;
  const isEmpty =
    !library.isPending && !library.isError && library.items.length === 0 && sort === 'newest';
  const showTools = typed !== '' || !(library.isPending || library.isError || isEmpty);

  return (
    <Card>
      <CardHeader className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle>Recent Transcriptions</CardTitle>
          <LibrarySwitcher />
        </div>
        {showTools ? (
          <div className="flex flex-col gap-2 sm:flex-row">
            <div className="min-w-0 flex-1">
              <LibrarySearchBox
                value={query}
                onChange={changeQuery}
                onSubmit={openBestHit}
                resultsShown={shownHits !== undefined && shownHits.length > 0}
              />
            </div>
            {typed === '' ? (
              <LibrarySortSelect value={sort} onChange={setSort} />
            ) : speakerOptions.length > 0 ? (
              <SearchSpeakerSelect options={speakerOptions} value={speaker} onChange={setSpeaker} />
            ) : null}
          </div>
        ) : null}
      </CardHeader>
      <CardContent>
        <div className="empty:hidden mb-4">
          <BulkActionsBar selection={selection} team={team} />
        </div>
        {typed !== '' && shownHits && shownHits.length > 0 ? (
          <SelectAllRow
            items={shownHits}
            selection={selection}
            label={`Select all ${shownHits.length} matching “${typed}”`}
          />
        ) : null}
        {typed !== '' ? (
          <SearchResults
            query={typed}
            speaker={speaker}
            hits={searchFor === '' ? undefined : search.data}
            isPending={searchFor === '' || search.isPending}
            isError={search.isError}
            isStale={searchFor !== typed || search.isPlaceholderData}
          />
        ) : library.isPending ? (
          <div className="flex justify-center py-10">
            <Spinner className="h-8 w-8" label="Loading transcriptions" />
          </div>
        ) : library.isError ? (
          <div role="alert" className="flex flex-col items-center py-10 text-center">
            <AlertCircle aria-hidden="true" className="h-10 w-10 text-red-500" />
            <p className="mt-3 font-semibold text-slate-900">{MESSAGES.listErrorTitle}</p>
            <p className="mt-1 text-sm text-slate-600">{MESSAGES.listError}</p>
          </div>
        ) : isEmpty ? (
          <div className="flex flex-col items-center py-10 text-center">
            <FileAudio aria-hidden="true" className="h-10 w-10 text-slate-400" />
            <p className="mt-3 font-semibold text-slate-900">{MESSAGES.emptyTitle}</p>
            <p className="mt-1 text-sm text-slate-600">{MESSAGES.emptyText}</p>
            <Button className="mt-4" onClick={onUploadClick}>
              <Upload aria-hidden="true" className="h-4 w-4" />
              Upload Audio
            </Button>
          </div>
        ) : (
          <div className={library.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
            <SelectAllRow
              items={listed}
              selection={selection}
              label={`Select all ${listed.length} shown`}
            />
            <ul className="-my-2 divide-y divide-slate-100" aria-label="Transcriptions">
              {library.items.map((transcription) => (
                <TranscriptionListItem
                  key={transcription.id}
                  transcription={transcription}
                  leading={
                    <SelectionCheckbox
                      item={transcription}
                      checked={selection.selected.has(transcription.id)}
                      onToggle={(item, extend) => selection.toggle(item, extend, listed)}
                    />
                  }
                />
              ))}
            </ul>
            {library.hasNextPage ? (
              <div className="mt-6 flex justify-center border-t border-slate-100 pt-4">
                <Button
                  variant="outline"
                  disabled={library.isFetchingNextPage}
                  onClick={() => void library.fetchNextPage()}
                >
                  {library.isFetchingNextPage ? <Spinner className="h-4 w-4" /> : null}
                  {library.isFetchingNextPage ? 'Loading…' : 'Load more'}
                </Button>
              </div>
            ) : null}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
