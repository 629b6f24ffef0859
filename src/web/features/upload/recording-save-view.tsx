import { Loader2 } from 'lucide-react';
import { Link } from 'wouter';
import { formatTimestamp } from '../../../core/format/format-timestamp';
import { Alert } from '../../components/ui/alert';
import { buttonClasses } from '../../components/ui/button';
import { Progress } from '../../components/ui/progress';
import { LiveTranscript } from '../recorder/live-transcript';
import type { RecordingSave, RecordingSavePhase } from './use-save-recording';

const PHASE_LABELS: Record<RecordingSavePhase, string> = {
  saving: 'Saving recording...',
  queued: 'Processing transcription...',
  processing: 'Processing transcription...',
  completed: 'Transcription complete',
  failed: 'Transcription failed',
  cancelled: 'Transcription cancelled',
};

/** The stopped recording where its live words were: saved, then transcribed, then its transcript. */
export function RecordingSaveView({ save }: { save: RecordingSave }) {
  const working = save.phase === 'saving' || save.phase === 'queued' || save.phase === 'processing';
  return (
    <div className="mt-3 rounded-lg border border-slate-200 p-3">
      <p className="flex items-center justify-between gap-2 text-sm">
        <span className="min-w-0 truncate font-medium text-slate-900">{save.name}</span>
        <span className="font-mono tabular-nums text-slate-600">
          {formatTimestamp(save.seconds)}
        </span>
      </p>
      <LiveTranscript
        text={save.text}
        label={save.transcribed || !save.text ? 'Transcript' : 'Live transcript'}
        placeholder={
          working ? 'The transcript appears here when it is made.' : 'No words were heard.'
        }
      />
      <div className="mt-3" aria-live="polite">
        <p className="flex items-center justify-between text-sm text-slate-700">
          <span className="flex items-center gap-2">
            {working ? <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" /> : null}
            {PHASE_LABELS[save.phase]}
          </span>
          {working ? <span className="tabular-nums">{Math.round(save.progress)}%</span> : null}
        </p>
      </div>
      {working ? (
        <Progress
          value={save.progress}
          label={save.phase === 'saving' ? 'Saving progress' : 'Transcription progress'}
          className="mt-2"
        />
      ) : null}
      {save.error ? (
        <Alert tone="error" className="mt-3">
          {save.error}
        </Alert>
      ) : null}
      {save.transcriptionId ? (
        <Link
          href={`/transcription/${save.transcriptionId}`}
          className={buttonClasses('outline', 'md', 'mt-3')}
        >
          Open transcript
        </Link>
      ) : null}
    </div>
  );
}
