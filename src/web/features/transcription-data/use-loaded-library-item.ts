import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import type { TranscriptionListItemDto } from '../../../core/api/transcriptions';
import { TRANSCRIPTIONS_KEY } from './transcription-queries';

/** Every loaded page of the library, in every order (the library's infinite queries). */
export const LIBRARY_PAGES_KEY = [...TRANSCRIPTIONS_KEY, 'pages'] as const;

interface LoadedPage {
  items: TranscriptionListItemDto[];
}

/**
 * The library's own copy of a transcription, when a loaded list page holds it: the row the user
 * sees. Other views of the same job show this copy, so they never disagree with the row.
 */
export function useLoadedLibraryItem(id: string | undefined): TranscriptionListItemDto | undefined {
  const queryClient = useQueryClient();
  const subscribe = useCallback(
    (onChange: () => void) => queryClient.getQueryCache().subscribe(onChange),
    [queryClient],
  );
  const find = useCallback(() => {
    if (id === undefined) return undefined;
    for (const [, data] of queryClient.getQueriesData<InfiniteData<LoadedPage, string | null>>({
      queryKey: LIBRARY_PAGES_KEY,
    })) {
      for (const page of data?.pages ?? []) {
        const item = page.items.find((candidate) => candidate.id === id);
        if (item) return item;
      }
    }
    return undefined;
  }, [id, queryClient]);
  return useSyncExternalStore(subscribe, find);
}
