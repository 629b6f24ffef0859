import type { TranscriptionDto } from '../../../core/api/transcriptions';
import { Progress } from '../../components/ui/progress';

const STATUS_LABELS: Record<TranscriptionDto['status'], string> = {
  queued: 'Queued',
  processing: 'Processing',
  completed: 'Completed',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

export function statusLabel(status: TranscriptionDto['status']): string {
  return STATUS_LABELS[status];
}

/** The live state of a queued or processing transcription: its status, percentage and a bar. */
export function TranscriptionProgress({
  transcription,
}: {
  transcription: Pick<TranscriptionDto, 'status' | 'progress' | 'filename'>;
}) {
  const percent = Math.round(Math.max(0, Math.min(100, transcription.progress)));
  return (
    <div className="mt-2">
      <p className="flex justify-between text-xs font-medium text-brand-700">
        <span>{statusLabel(transcription.status)}</span>
        <span>{percent}%</span>
      </p>
      <Progress
        value={percent}
        label={`Transcription progress for ${transcription.filename}`}
        className="mt-1"
      />
    </div>
  );
}
