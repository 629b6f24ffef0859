import type { TranscriptionDto } from '../../../core/api/transcriptions';
import { MESSAGES } from '../../../core/messages';
import { toast } from '../toasts/toast-store';

/** The toast for a followed transcription that ended: completed, cut to the plan, cancelled or failed. */
export function announceResult(transcription: TranscriptionDto): void {
  if (transcription.status === 'cancelled') {
    toast({
      title: 'Transcription cancelled',
      description: 'The words made before that are kept.',
    });
  } else if (transcription.status === 'failed') {
    toast({
      title: MESSAGES.transcriptionFailedTitle,
      description: transcription.error ?? MESSAGES.genericError,
      variant: 'destructive',
    });
  } else if (transcription.isTruncated) {
    toast({
      title: MESSAGES.transcriptionTruncatedTitle,
      description: MESSAGES.transcriptionTruncated,
    });
  } else {
    toast({
      title: MESSAGES.transcriptionCompleteTitle,
      description: MESSAGES.transcriptionComplete,
    });
  }
}
