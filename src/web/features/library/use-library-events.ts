import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { TranscriptionListItemDto } from '../../../core/api/transcriptions';
import { supportsEventSource } from '../transcriptions/live/use-transcription-events';
import {
  isUnfinished,
  LIBRARY_PAGES_KEY,
  refreshTranscriptionData,
  transcriptionKey,
} from '../transcription-data/transcription-queries';
import { withItemReplaced, type LibraryPage } from './library-pages';

const LIBRARY_EVENTS_URL = '/api/transcriptions/events';

/**
 * While the list shows unfinished work, one events stream for all of the user's jobs writes each
 * change into the loaded pages in place (the latest line, progress, status). Returns true when
 * the list must poll instead: no EventSource in this browser, or the server refused the stream.
 */
export function useLibraryEvents(active: boolean, team: string | null = null): boolean {
  const queryClient = useQueryClient();
  const [refused, setRefused] = useState(false);
  useEffect(() => {
    if (!active || !supportsEventSource()) return;
    const url =
      team === null ? LIBRARY_EVENTS_URL : `${LIBRARY_EVENTS_URL}?team=${encodeURIComponent(team)}`;
    const source = new EventSource(url, { withCredentials: true });
    source.addEventListener('transcription', (message) => {
      const item = JSON.parse((message as MessageEvent<string>).data) as TranscriptionListItemDto;
      let shown = false;
      queryClient.setQueriesData<InfiniteData<LibraryPage, string | null>>(
        { queryKey: LIBRARY_PAGES_KEY },
        (data) => {
          const pages = data ? withItemReplaced(data.pages, item) : null;
          if (!data || !pages) return data;
          shown = true;
          return { ...data, pages };
        },
      );
      // Not on a loaded page (an upload from another tab): read the list again.
      if (!shown) {
        void queryClient.invalidateQueries(
          { queryKey: LIBRARY_PAGES_KEY },
          { cancelRefetch: false },
        );
      }
      if (!isUnfinished(item)) {
        // Its page (if open) and the usage figures are read once more with the final copy.
        void queryClient.invalidateQueries({ queryKey: transcriptionKey(item.id), exact: true });
        void refreshTranscriptionData(queryClient, { keepLoading: true });
      }
    });
    source.addEventListener('removed', () => void refreshTranscriptionData(queryClient));
    source.addEventListener('error', () => {
      // The browser retries a dropped stream by itself; polling covers only a refused one.
      if (source.readyState === EventSource.CLOSED) setRefused(true);
    });
    return () => source.close();
  }, [active, queryClient, team]);
  return refused || !supportsEventSource();
}
