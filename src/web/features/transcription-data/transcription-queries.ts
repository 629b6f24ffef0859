import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { TranscriptionDto, TranscriptionListItemDto } from '../../../core/api/transcriptions';
import type { UsageDto } from '../../../core/api/usage';
import { MESSAGES } from '../../../core/messages';
import { apiRequest, HttpError } from '../../lib/api-client';
import { toast } from '../toasts/toast-store';

export const TRANSCRIPTIONS_KEY = ['/api/transcriptions'] as const;
/** Every loaded page of the library, in every order (the library's infinite queries). */
export const LIBRARY_PAGES_KEY = [...TRANSCRIPTIONS_KEY, 'pages'] as const;
export const USAGE_KEY = ['/api/usage'] as const;
export const transcriptionKey = (id: string) =>
  [`/api/transcriptions/${encodeURIComponent(id)}`] as const;

/** How often a list or page showing unfinished work asks again; nothing polls once all is finished. */
export const PROGRESS_POLL_MS = 1_500;

export function isUnfinished(transcription: Pick<TranscriptionListItemDto, 'status'>): boolean {
  return transcription.status === 'queued' || transcription.status === 'processing';
}

/** `poll: false` when something else (the events stream) keeps an unfinished one up to date. */
export function useTranscription(id: string, { poll = true }: { poll?: boolean } = {}) {
  return useQuery<TranscriptionDto>({
    queryKey: transcriptionKey(id),
    refetchInterval: (query) =>
      poll && query.state.data && isUnfinished(query.state.data) ? PROGRESS_POLL_MS : false,
  });
}

export function useUsage() {
  return useQuery<UsageDto>({ queryKey: USAGE_KEY });
}

/** After an upload or a delete: the list (its loaded pages, in every order) and the usage figures change. */
/**
 * `keepLoading` lets a read already under way (a "Load more") finish instead of being cancelled and
 * restarted: a job ending elsewhere must not take away the page the user just asked for.
 */
export function refreshTranscriptionData(
  queryClient: QueryClient,
  { keepLoading = false }: { keepLoading?: boolean } = {},
): Promise<void> {
  const options = { cancelRefetch: !keepLoading };
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: TRANSCRIPTIONS_KEY }, options),
    queryClient.invalidateQueries({ queryKey: USAGE_KEY, exact: true }, options),
  ]).then(() => undefined);
}

/** How long the toast after a deletion offers "Undo" (the server keeps it restorable longer). */
export const UNDO_DELETE_MS = 10_000;

async function undoDelete(queryClient: QueryClient, id: string): Promise<void> {
  try {
    await apiRequest('POST', `${transcriptionKey(id)[0]}/restore`);
    toast({ title: 'Transcription restored' });
  } catch (error) {
    toast({
      title: 'Could not restore it',
      description: (error instanceof HttpError && error.serverMessage) || MESSAGES.genericError,
      variant: 'destructive',
    });
  }
  await refreshTranscriptionData(queryClient);
}

/**
 * Deletes on the server at once (gone from every list, link and export), then offers "Undo" for
 * 10 s: a tab closed meanwhile leaves the transcript deleted, as asked (docs/decisions/0078).
 */
export function useDeleteTranscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest('DELETE', transcriptionKey(id)[0]);
      return id;
    },
    // Toasts here, not in mutate(): the list item that asked unmounts once the refreshed list lacks it.
    onSuccess: (id) => {
      toast({
        title: MESSAGES.deleteSucceeded,
        action: { label: 'Undo', onClick: () => void undoDelete(queryClient, id) },
        durationMs: UNDO_DELETE_MS,
      });
      queryClient.removeQueries({ queryKey: transcriptionKey(id), exact: true });
      return refreshTranscriptionData(queryClient);
    },
    // The usual cause is a list gone stale (deleted in another tab): re-read it, so it shows the truth.
    onError: () => {
      toast({ title: 'Delete failed', description: MESSAGES.deleteFailed, variant: 'destructive' });
      return refreshTranscriptionData(queryClient);
    },
  });
}
