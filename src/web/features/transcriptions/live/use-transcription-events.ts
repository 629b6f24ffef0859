import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { TranscriptionDto, TranscriptSegmentDto } from '../../../../core/api/transcriptions';
import {
  refreshTranscriptionData,
  transcriptionKey,
} from '../../transcription-data/transcription-queries';

export function supportsEventSource(): boolean {
  return typeof EventSource !== 'undefined';
}

interface SegmentsEvent {
  from: number;
  segments: TranscriptSegmentDto[];
}

const ENDED = new Set<TranscriptionDto['status']>(['completed', 'failed', 'cancelled']);

/**
 * Follows an unfinished transcription over its events stream and writes what arrives into the
 * page's query data: the words as they are made, the progress, the status. The browser resumes a
 * dropped stream by itself (Last-Event-ID); `onUnavailable` is told when the stream cannot be had
 * at all, so the page falls back to polling.
 */
export function useTranscriptionEvents(
  id: string,
  unfinished: boolean,
  onUnavailable: () => void,
): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!unfinished || !supportsEventSource()) return;
    const key = transcriptionKey(id);
    const update = (change: (current: TranscriptionDto) => TranscriptionDto) =>
      queryClient.setQueryData<TranscriptionDto>(key, (current) =>
        current ? change(current) : current,
      );
    const source = new EventSource(`${key[0]}/events`, { withCredentials: true });
    source.addEventListener('segments', (message) => {
      const event = JSON.parse((message as MessageEvent<string>).data) as SegmentsEvent;
      update((current) => {
        const segments = [...current.segments.slice(0, event.from), ...event.segments];
        return { ...current, segments, text: segments.map((segment) => segment.text).join(' ') };
      });
    });
    source.addEventListener('progress', (message) => {
      const { progress } = JSON.parse((message as MessageEvent<string>).data) as {
        progress: number;
      };
      update((current) => ({ ...current, progress }));
    });
    source.addEventListener('status', (message) => {
      const { status, error } = JSON.parse((message as MessageEvent<string>).data) as Pick<
        TranscriptionDto,
        'status' | 'error'
      >;
      update((current) => ({ ...current, status, error }));
      if (!ENDED.has(status)) return;
      // Ended: the stream is done (the browser would otherwise reconnect), and the final copy
      // (engine, language, completion time) and the lists are read once more.
      source.close();
      void queryClient.invalidateQueries({ queryKey: key, exact: true });
      void refreshTranscriptionData(queryClient);
    });
    source.addEventListener('error', () => {
      if (source.readyState === EventSource.CLOSED) onUnavailable();
    });
    return () => source.close();
  }, [id, unfinished, queryClient, onUnavailable]);
}
