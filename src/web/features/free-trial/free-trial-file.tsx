import { AlertTriangle, FileAudio, X } from 'lucide-react';
import { formatDuration } from '../../../core/format/format-duration';
import { formatFileSize } from '../../../core/format/format-file-size';
import { FREE_TRANSCRIPT_SECONDS } from '../../../core/plans';
import { Alert } from '../../components/ui/alert';
import type { DurationReading } from './use-free-trial';

function durationText(duration: DurationReading): string {
  if (duration === undefined) return 'Reading duration...';
  if (duration === null) return 'Duration unknown';
  return formatDuration(duration);
}

/** The chosen file with its size and duration, and the warnings when only part of it will be transcribed. */
export function FreeTrialFile({
  file,
  duration,
  onRemove,
  disabled,
}: {
  file: File;
  duration: DurationReading;
  onRemove: () => void;
  disabled: boolean;
}) {
  const willTruncate = typeof duration === 'number' && duration > FREE_TRANSCRIPT_SECONDS;
  return (
    <div className="space-y-3">
      <div className="flex items-start gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4">
        <FileAudio aria-hidden="true" className="mt-0.5 h-6 w-6 shrink-0 text-brand-600" />
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium text-slate-900">{file.name}</p>
          <p className="text-xs text-slate-500">
            {formatFileSize(file.size)} · {durationText(duration)}
          </p>
          {willTruncate ? (
            <p className="mt-1 flex items-center gap-1 text-xs font-medium text-amber-700">
              <AlertTriangle aria-hidden="true" className="h-3.5 w-3.5" />
              Audio will be truncated
            </p>
          ) : null}
        </div>
        <button
          type="button"
          onClick={onRemove}
          disabled={disabled}
          aria-label={`Remove ${file.name}`}
          className="rounded-md p-1 text-slate-500 hover:bg-slate-200 hover:text-slate-900 disabled:opacity-50"
        >
          <X aria-hidden="true" className="h-4 w-4" />
        </button>
      </div>
      {willTruncate ? (
        <Alert tone="warning" title="Free trial limitation">
          Only the first {FREE_TRANSCRIPT_SECONDS} seconds will be transcribed. Whole files are
          transcribed on the Pro plan.
        </Alert>
      ) : null}
    </div>
  );
}
