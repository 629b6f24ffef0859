import { useMutation, useQuery } from '@tanstack/react-query';
import type { TranscriptVersionListDto } from '../../../../core/api/transcript-versions';
import type { TranscriptionDto } from '../../../../core/api/transcriptions';
import { apiRequest } from '../../../lib/api-client';
import { transcriptionKey } from '../../transcription-data/transcription-queries';

const versionsKey = (id: string) => [`${transcriptionKey(id)[0]}/versions`] as const;

/** The versions, read afresh each time the panel opens. */
export function useTranscriptVersions(id: string, enabled: boolean) {
  return useQuery({
    queryKey: versionsKey(id),
    enabled,
    staleTime: 0,
    queryFn: async () => {
      const response = await apiRequest('GET', versionsKey(id)[0]);
      return ((await response.json()) as TranscriptVersionListDto).versions;
    },
  });
}

export function useRestoreVersion(id: string) {
  return useMutation({
    mutationFn: async (number: number) => {
      const response = await apiRequest('POST', `${versionsKey(id)[0]}/${number}/restore`);
      return (await response.json()) as TranscriptionDto;
    },
  });
}
