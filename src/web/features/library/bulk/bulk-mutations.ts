import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { BulkResultDto } from '../../../../core/api/bulk-actions';
import { MESSAGES } from '../../../../core/messages';
import { apiRequest, HttpError } from '../../../lib/api-client';
import { toast } from '../../toasts/toast-store';
import {
  refreshTranscriptionData,
  transcriptionKey,
  UNDO_DELETE_MS,
} from '../../transcription-data/transcription-queries';

const transcripts = (n: number) => (n === 1 ? '1 transcript' : `${n} transcripts`);

async function postBulk(action: string, ids: readonly string[]): Promise<BulkResultDto> {
  const response = await apiRequest('POST', `/api/transcriptions/${action}`, { ids });
  return (await response.json()) as BulkResultDto;
}

/** "2 could not be …: <the first reason>", or nothing when all were done. */
function refusals(result: BulkResultDto, what: string): string | undefined {
  const first = result.refused[0];
  if (!first) return undefined;
  return `${transcripts(result.refused.length)} could not be ${what}: ${first.message}`;
}

const failed = (title: string) => (error: unknown) =>
  toast({
    title,
    description: (error instanceof HttpError && error.serverMessage) || MESSAGES.genericError,
    variant: 'destructive',
  });

async function undoBulkDelete(queryClient: QueryClient, ids: readonly string[]): Promise<void> {
  try {
    const result = await postBulk('bulk-restore', ids);
    const description = refusals(result, 'restored');
    toast({
      title: `${transcripts(result.done.length)} restored`,
      ...(description ? { description, variant: 'destructive' as const } : {}),
    });
  } catch (error) {
    failed('Could not restore them')(error);
  }
  await refreshTranscriptionData(queryClient);
}

/**
 * "Delete N": deleted on the server at once, then one toast offers "Undo" for 10 s for all of
 * them (docs/decisions/0086). `onDeleted` hears the ids that went, to drop them from the selection.
 */
export function useBulkDelete(onDeleted: (ids: readonly string[]) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly string[]) => postBulk('bulk-delete', ids),
    // Here, not in mutate(): the bar that asked goes away once nothing is selected.
    onSuccess: (result) => {
      onDeleted(result.done);
      const description = refusals(result, 'deleted');
      if (result.done.length === 0) {
        toast({ title: 'Nothing was deleted', description, variant: 'destructive' });
      } else {
        toast({
          title: `${transcripts(result.done.length)} deleted`,
          ...(description ? { description } : {}),
          action: { label: 'Undo', onClick: () => void undoBulkDelete(queryClient, result.done) },
          durationMs: UNDO_DELETE_MS,
        });
      }
      for (const id of result.done)
        queryClient.removeQueries({ queryKey: transcriptionKey(id), exact: true });
      return refreshTranscriptionData(queryClient);
    },
    onError: (error) => {
      failed('Delete failed')(error);
      return refreshTranscriptionData(queryClient);
    },
  });
}

/** "Transcribe again" for the selection: each queued as the single button would, or refused why. */
export function useBulkRetranscribe(onQueued: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly string[]) => postBulk('bulk-retranscribe', ids),
    onSuccess: (result) => {
      const description = refusals(result, 'transcribed again');
      toast({
        title:
          result.done.length === 0
            ? 'Nothing was transcribed again'
            : `${transcripts(result.done.length)} queued to transcribe again`,
        ...(description ? { description, variant: 'destructive' as const } : {}),
      });
      onQueued();
      for (const id of result.done)
        void queryClient.invalidateQueries({ queryKey: transcriptionKey(id), exact: true });
      return refreshTranscriptionData(queryClient);
    },
    onError: failed('Could not transcribe again'),
  });
}
