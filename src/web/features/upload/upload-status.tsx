import { FileAudio, Loader2, X } from 'lucide-react';
import { formatFileSize } from '../../../core/format/format-file-size';
import { Button } from '../../components/ui/button';
import { Progress } from '../../components/ui/progress';
import type { DenoiseSetting } from '../../../core/api/denoise-field';
import type { SpeakersRequested } from '../../../core/speakers';
import { DenoiseSelect } from './denoise-select';
import { SpeakersSelect } from './speakers-select';
import { UploadVocabularyField } from './upload-vocabulary-field';
import { TranscriptionProgress } from '../transcriptions/transcription-progress';
import type { UploadedJob, UploadPhase } from './use-upload';
import { useListedTranscription } from '../transcription-data/listed-transcriptions';

const PHASE_LABELS: Record<Exclude<UploadPhase, 'idle'>, string> = {
  ready: 'Ready to upload',
  uploading: 'Uploading...',
  processing: 'Processing transcription...',
  done: 'Done',
};

interface UploadStatusProps {
  file: File;
  phase: Exclude<UploadPhase, 'idle'>;
  progress: number;
  /** Once sent: the transcription, shown with the same numbers as its row in the list. */
  job: UploadedJob | null;
  /** Speed and time left while sending. */
  rate?: string | null;
  speakers: SpeakersRequested;
  onSpeakers: (speakers: SpeakersRequested) => void;
  denoise: DenoiseSetting;
  onDenoise: (denoise: DenoiseSetting) => void;
  vocabulary: string;
  onVocabulary: (vocabulary: string) => void;
  onUpload: () => void;
  onCancel: () => void;
  onContinueInBackground: () => void;
}

/**
 * The job the upload became: the list row's own copy once the list holds it, so the card and the
 * row show the same numbers from one source; the card's copy only until then.
 */
function JobProgress({ job }: { job: UploadedJob }) {
  const row = useListedTranscription(job.id);
  return <TranscriptionProgress transcription={row ?? job} label={PHASE_LABELS.processing} />;
}

/** The chosen file, its state label, the progress bar and the actions that fit the state. */
export function UploadStatus({
  file,
  phase,
  progress,
  job,
  rate,
  speakers,
  onSpeakers,
  denoise,
  onDenoise,
  vocabulary,
  onVocabulary,
  onUpload,
  onCancel,
  onContinueInBackground,
}: UploadStatusProps) {
  const busy = phase === 'uploading' || phase === 'processing';
  return (
    <div className="rounded-lg border border-slate-200 bg-slate-50 p-4">
      <div className="flex items-start gap-3">
        <FileAudio aria-hidden="true" className="mt-0.5 h-6 w-6 shrink-0 text-brand-600" />
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium text-slate-900">{file.name}</p>
          <p className="text-xs text-slate-500">{formatFileSize(file.size)}</p>
        </div>
      </div>
      {phase === 'processing' && job ? (
        <div className="mt-3" aria-live="polite">
          <JobProgress job={job} />
        </div>
      ) : (
        <div className="mt-3" aria-live="polite">
          <p className="flex items-center justify-between text-sm text-slate-700">
            <span className="flex items-center gap-2">
              {busy ? <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" /> : null}
              {PHASE_LABELS[phase]}
            </span>
            {phase === 'ready' ? null : (
              <span className="tabular-nums">{Math.round(progress)}%</span>
            )}
          </p>
          {phase === 'uploading' && rate ? (
            <p className="mt-1 text-xs text-slate-500 tabular-nums">{rate}</p>
          ) : null}
        </div>
      )}
      {phase === 'ready' ? (
        <div className="mt-3 flex flex-col gap-3">
          <SpeakersSelect value={speakers} onChange={onSpeakers} />
          <DenoiseSelect value={denoise} onChange={onDenoise} />
          <UploadVocabularyField value={vocabulary} onChange={onVocabulary} />
        </div>
      ) : phase === 'processing' && job ? null : (
        <Progress value={progress} label="Upload progress" className="mt-2" />
      )}
      <div className="mt-4 flex flex-wrap gap-2">
        {phase === 'ready' ? <Button onClick={onUpload}>Upload and Transcribe</Button> : null}
        {phase === 'ready' || phase === 'uploading' ? (
          <Button variant="outline" onClick={onCancel} aria-label="Cancel upload">
            <X aria-hidden="true" className="h-4 w-4" />
            Cancel
          </Button>
        ) : null}
        {phase === 'processing' ? (
          <Button variant="ghost" size="sm" onClick={onContinueInBackground}>
            Continue in background
          </Button>
        ) : null}
      </div>
    </div>
  );
}
