import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Square } from 'lucide-react';
import type { TranscriptionDto } from '../../../../core/api/transcriptions';
import { MESSAGES } from '../../../../core/messages';
import { Button } from '../../../components/ui/button';
import { apiRequest, HttpError } from '../../../lib/api-client';
import { toast } from '../../toasts/toast-store';
import {
  refreshTranscriptionData,
  transcriptionKey,
} from '../../transcription-data/transcription-queries';

/** Stops a queued or running job; the words made so far stay. */
export function CancelButton({ transcription }: { transcription: TranscriptionDto }) {
  const queryClient = useQueryClient();
  const cancel = useMutation({
    mutationFn: async () => {
      const response = await apiRequest('POST', `${transcriptionKey(transcription.id)[0]}/cancel`);
      return (await response.json()) as TranscriptionDto;
    },
    onSuccess: (cancelled) => {
      queryClient.setQueryData(transcriptionKey(cancelled.id), cancelled);
      return refreshTranscriptionData(queryClient);
    },
    onError: (error) =>
      toast({
        title: 'Could not cancel',
        description: (error instanceof HttpError && error.serverMessage) || MESSAGES.genericError,
        variant: 'destructive',
      }),
  });
  return (
    <Button variant="outline" size="sm" disabled={cancel.isPending} onClick={() => cancel.mutate()}>
      <Square aria-hidden="true" className="h-4 w-4" />
      {cancel.isPending ? 'Cancelling…' : 'Cancel'}
    </Button>
  );
}
