import type { TranscriptionDto } from '../../../core/api/transcriptions';
import { Progress } from '../../components/ui/progress';
import { describeTimeLeft, useTimeLeft } from './live/use-time-left';

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

/**
 * The live state of a queued or processing transcription: its status, percentage, the time left
 * and a bar. Every view of a job shows it through here, so they all say the same.
 */
export function TranscriptionProgress({
  transcription,
  label = statusLabel(transcription.status),
}: {
  transcription: Pick<TranscriptionDto, 'id' | 'status' | 'progress' | 'filename'>;
  label?: string;
}) {
  const percent = Math.round(Math.max(0, Math.min(100, transcription.progress)));
  const timeLeft = useTimeLeft(
    transcription.id,
    transcription.status === 'processing',
    transcription.progress,
  );
  return (
    <div className="mt-2">
      <p className="flex justify-between gap-2 text-xs font-medium text-brand-700">
        <span>{label}</span>
        <span className="tabular-nums">
          {percent}%{timeLeft === undefined ? null : ` · ${describeTimeLeft(timeLeft)}`}
        </span>
      </p>
      <Progress
        value={percent}
        label={`Transcription progress for ${transcription.filename}`}
        className="mt-1"
      />
    </div>
  );
}
