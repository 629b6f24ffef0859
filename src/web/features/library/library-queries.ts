import {
  keepPreviousData,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import type { SearchHitDto } from '../../../core/api/search';
import { throwIfNotOk } from '../../lib/api-client';
import {
  isUnfinished,
  LIBRARY_PAGES_KEY,
  PROGRESS_POLL_MS,
  TRANSCRIPTIONS_KEY,
} from '../transcription-data/transcription-queries';
import { useLibraryEvents } from './use-library-events';
import {
  libraryItems,
  libraryPageUrl,
  sameItems,
  type LibraryPage,
  type LibrarySort,
} from './library-pages';

async function fetchLibraryPage(url: string): Promise<LibraryPage> {
  const response = await fetch(url, { credentials: 'include' });
  await throwIfNotOk(response);
  return {
    items: (await response.json()) as LibraryPage['items'],
    nextCursor: response.headers.get('X-Next-Cursor'),
  };
}

const pagesKey = (sort: LibrarySort, team: string | null) =>
  [...LIBRARY_PAGES_KEY, sort, team ?? 'own'] as const;

/**
 * The user's transcriptions in `sort` order, a page at a time ("Load more"). While the first page
 * shows unfinished work, the library's events stream keeps it current; without one, only that
 * page is asked for again every 1.5 s, and when it holds other items than before (an upload or a
 * delete elsewhere), every loaded page is read again.
 */
export function useLibrary(sort: LibrarySort, team: string | null = null) {
  const queryClient = useQueryClient();
  const pages = useInfiniteQuery({
    queryKey: pagesKey(sort, team),
    queryFn: ({ pageParam }) => fetchLibraryPage(libraryPageUrl(sort, pageParam, undefined, team)),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });
  const firstPage = pages.data?.pages[0];
  const showsUnfinished = firstPage?.items.some(isUnfinished) ?? false;
  const pollInstead = useLibraryEvents(showsUnfinished, team);

  useQuery({
    queryKey: [...TRANSCRIPTIONS_KEY, 'first-page', sort, team ?? 'own'],
    queryFn: async () => {
      const fresh = await fetchLibraryPage(libraryPageUrl(sort, null, undefined, team));
      const current = queryClient.getQueryData<InfiniteData<LibraryPage, string | null>>(
        pagesKey(sort, team),
      );
      const loaded = current?.pages[0];
      if (!current || !loaded || !sameItems(loaded.items, fresh.items)) {
        await queryClient.invalidateQueries({ queryKey: pagesKey(sort, team), exact: true });
      } else {
        queryClient.setQueryData(pagesKey(sort, team), {
          ...current,
          pages: [{ ...loaded, items: fresh.items }, ...current.pages.slice(1)],
        });
      }
      return Date.now();
    },
    enabled: !pages.isPlaceholderData && showsUnfinished && pollInstead,
    // The pages were just read: the first poll waits one interval like the rest.
    initialData: 0,
    refetchInterval: PROGRESS_POLL_MS,
    staleTime: PROGRESS_POLL_MS,
  });

  return { ...pages, items: pages.data ? libraryItems(pages.data.pages) : [] };
}

export const searchKey = (
  query: string,
  speaker: string | null = null,
  team: string | null = null,
) =>
  [
    `/api/search?q=${encodeURIComponent(query.trim())}${
      speaker === null ? '' : `&speaker=${encodeURIComponent(speaker)}`
    }${team === null ? '' : `&team=${encodeURIComponent(team)}`}`,
  ] as const;

/**
 * Search hits for what the user typed (already debounced), only where `speaker` speaks when one
 * is chosen; nothing is asked for an empty box.
 */
export function useTranscriptSearch(
  query: string,
  speaker: string | null = null,
  team: string | null = null,
) {
  return useQuery<SearchHitDto[]>({
    queryKey: searchKey(query, speaker, team),
    enabled: query.trim() !== '',
    placeholderData: keepPreviousData,
    // Transcripts change (edits, deletes): a search typed again asks the server again.
    staleTime: 0,
  });
}
