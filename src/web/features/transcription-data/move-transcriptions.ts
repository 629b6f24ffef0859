import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { toast } from '../toasts/toast-store';
import { refreshTranscriptionData, transcriptionKey } from './transcription-queries';

/** Where a transcription can go: a team's id, or null for its uploader's own library. */
export type MoveTarget = string | null;

/**
 * "Move to team" for one transcription or a selection, one request each (the server checks the
 * rights for each); says how many moved and why the others did not.
 */
export function useMoveTranscriptions(onDone?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ ids, team }: { ids: readonly string[]; team: MoveTarget }) => {
      const refused: string[] = [];
      for (const id of ids) {
        try {
          await apiRequest('POST', `${transcriptionKey(id)[0]}/move`, { team });
        } catch (error) {
          refused.push(error instanceof Error ? error.message : 'It could not be moved.');
        }
      }
      return { moved: ids.length - refused.length, refused };
    },
    onSuccess: ({ moved, refused }, { ids }) => {
      for (const id of ids) void queryClient.invalidateQueries({ queryKey: transcriptionKey(id) });
      toast(
        refused.length === 0
          ? { title: moved === 1 ? 'Transcript moved' : `${moved} transcripts moved` }
          : {
              title: `${refused.length} of ${ids.length} not moved`,
              description: refused[0],
              variant: 'destructive',
            },
      );
      onDone?.();
      return refreshTranscriptionData(queryClient);
    },
  });
}
