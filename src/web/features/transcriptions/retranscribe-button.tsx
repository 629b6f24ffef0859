import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import type { TranscriptionDto } from '../../../core/api/transcriptions';
import { MESSAGES } from '../../../core/messages';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
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
export function RetranscribeButton({
  transcription,
  edited,
  beforeRun,
}: {
  transcription: TranscriptionDto;
  /** The transcript holds a person's corrections: warn before they are replaced. */
  edited: boolean;
  /** Lets pending edits reach the server first, so the version kept has them. */
  beforeRun: () => Promise<void>;
}) {
  const { user } = useAuth();
  const [warning, setWarning] = useState(false);
  const queryClient = useQueryClient();
  const wholeFile = transcription.isTruncated && (user?.isPaid ?? false);
  const rerun = useMutation({
    mutationFn: async () => {
      await beforeRun();
      const response = await apiRequest(
        'POST',
        `${transcriptionKey(transcription.id)[0]}/retranscribe`,
        wholeFile ? { wholeFile: true } : undefined,
      );
      return (await response.json()) as TranscriptionDto;
    },
    onSuccess: (queued) => {
      setWarning(false);
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
  const label = wholeFile ? 'Transcribe the whole file' : 'Transcribe again';
  return (
    <>
      <Button
        variant="outline"
        className="shrink-0"
        disabled={rerun.isPending}
        onClick={() => (edited ? setWarning(true) : rerun.mutate())}
      >
        <RefreshCw aria-hidden="true" className="h-4 w-4" />
        {label}
      </Button>
      <ConfirmDialog
        open={warning}
        onOpenChange={setWarning}
        title="Replace your corrections?"
        confirmLabel={label}
        cancelLabel="Keep my corrections"
        busy={rerun.isPending}
        onConfirm={() => rerun.mutate()}
      >
        <p>
          Transcribing again replaces the text you corrected with a new transcript from the audio.
        </p>
        <p>Your corrected version is kept: open History to bring it back at any time.</p>
      </ConfirmDialog>
    </>
  );
}
