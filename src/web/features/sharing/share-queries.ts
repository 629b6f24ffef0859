import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ShareLinkDto } from '../../../core/api/sharing';
import type { TranscriptionDto } from '../../../core/api/transcriptions';
import { apiRequest } from '../../lib/api-client';
import { transcriptionKey } from '../transcription-data/transcription-queries';

const shareUrl = (id: string) => `/api/transcriptions/${encodeURIComponent(id)}/share`;

/** Creates and revokes a transcript's public link; the detail query learns the new state at once. */
export function useShareLink(id: string) {
  const queryClient = useQueryClient();
  const remember = (share: ShareLinkDto | null) =>
    queryClient.setQueryData<TranscriptionDto>(transcriptionKey(id), (old) =>
      old ? { ...old, share } : old,
    );

  const create = useMutation({
    mutationFn: async () => (await (await apiRequest('POST', shareUrl(id))).json()) as ShareLinkDto,
    onSuccess: remember,
  });
  const revoke = useMutation({
    mutationFn: async (token: string) => {
      await apiRequest('DELETE', shareUrl(id));
      return token;
    },
    onSuccess: (token) => {
      remember(null);
      // This browser may have opened the link: it must not keep showing the transcript.
      queryClient.removeQueries({ queryKey: [sharedTranscriptUrl(token)] });
    },
  });
  return { create, revoke };
}

export const sharedTranscriptUrl = (token: string) => `/api/shared/${encodeURIComponent(token)}`;
