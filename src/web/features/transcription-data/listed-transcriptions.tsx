import { createContext, useContext } from 'react';
import type { TranscriptionListItemDto } from '../../../core/api/transcriptions';

const ListedTranscriptions = createContext<readonly TranscriptionListItemDto[]>([]);

/** The transcriptions the page's list has loaded; the library provides them. */
export const ListedTranscriptionsProvider = ListedTranscriptions.Provider;

/**
 * The list's own copy of one transcription, when the page's list has loaded it: other views of
 * the same job (the upload card) show this copy, so they change in the very render the row does.
 */
export function useListedTranscription(
  id: string | undefined,
): TranscriptionListItemDto | undefined {
  const items = useContext(ListedTranscriptions);
  return id === undefined ? undefined : items.find((item) => item.id === id);
}
