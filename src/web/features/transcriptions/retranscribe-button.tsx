import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import type { TranscriptionDto } from '../../../core/api/transcriptions';
import { MESSAGES } from '../../../core/messages';
import { Button } from '../../components/ui/button';
import { apiRequest, HttpError } from '../../lib/api-client';
import { useAuth } from '../auth/use-auth';
import { toast } from '../toasts/toast-store';
import {
  isUnfinished,
  refreshTranscriptionData,
  transcriptionKey,
} from '../transcription-data/transcription-queries';

/**
 * Runs a finished transcript again with the engine serving now: "Transcribe the whole file" for a
 * Pro user's transcript that was cut at 30 s, "Transcribe again" otherwise. The page then follows
 * the job (its query polls while the transcription is unfinished) and shows the new transcript.
 */
export function RetranscribeButton({ transcription }: { transcription: TranscriptionDto }) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const wholeFile = transcription.isTruncated && (user?.isPaid ?? false);
  const rerun = useMutation({
    mutationFn: async () => {
      const response = await apiRequest(
        'POST',
        `${transcriptionKey(transcription.id)[0]}/retranscribe`,
        wholeFile ? { wholeFile: true } : undefined,
      );
      return (await response.json()) as TranscriptionDto;
    },
    onSuccess: (queued) => {
      queryClient.setQueryData(transcriptionKey(queued.id), queued);
      return refreshTranscriptionData(queryClient);
    },
    onError: (error) =>
      toast({
        title: 'Could not transcribe again',
        description: (error instanceof HttpError && error.serverMessage) || MESSAGES.genericError,
        variant: 'destructive',
      }),
  });

  if (isUnfinished(transcription)) return null;
  return (
    <Button
      variant="outline"
      className="shrink-0"
      disabled={rerun.isPending}
      onClick={() => rerun.mutate()}
    >
      <RefreshCw aria-hidden="true" className="h-4 w-4" />
      {wholeFile ? 'Transcribe the whole file' : 'Transcribe again'}
    </Button>
  );
}
