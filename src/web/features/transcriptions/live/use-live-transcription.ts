import { useCallback, useState } from 'react';
import { isUnfinished, useTranscription } from '../../transcription-data/transcription-queries';
import { supportsEventSource, useTranscriptionEvents } from './use-transcription-events';

/**
 * The detail page's transcription: pushed by the events stream while the job runs, polled only
 * where the browser has no EventSource or the stream cannot be opened.
 */
export function useLiveTranscription(id: string) {
  const [streaming, setStreaming] = useState(supportsEventSource);
  const transcription = useTranscription(id, { poll: !streaming });
  const unfinished = transcription.data ? isUnfinished(transcription.data) : false;
  const fallBackToPolling = useCallback(() => setStreaming(false), []);
  useTranscriptionEvents(id, unfinished && streaming, fallBackToPolling);
  return transcription;
}
