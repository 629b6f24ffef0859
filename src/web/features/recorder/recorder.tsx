import { Check, Mic, Square, X } from 'lucide-react';
import { formatTimestamp } from '../../../core/format/format-timestamp';
import { RECORDER_MAX_SECONDS } from '../../../core/plans';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Progress } from '../../components/ui/progress';
import { useRecorder } from './use-recorder';

interface RecorderProps {
  /** Receives recording.wav (audio/wav) when the user chooses "Use Recording". */
  onRecordingReady: (file: File) => void;
  disabled?: boolean;
  /** The month's transcriptions are used up: nothing to record for. */
  limitReached?: boolean;
}

/** Records from the microphone into a real 16-bit PCM WAV file, up to 300 seconds. */
export function Recorder({
  onRecordingReady,
  disabled = false,
  limitReached = false,
}: RecorderProps) {
  const { phase, elapsed, recording, error, live, start, stop, reset } = useRecorder();

  const useRecording = () => {
    if (!recording) return;
    onRecordingReady(recording.file);
    reset();
  };

  return (
    <section aria-labelledby="recorder-title" className="rounded-lg border border-slate-200 p-4">
      <h3 id="recorder-title" className="text-sm font-semibold text-slate-900">
        Record audio
      </h3>
      {phase === 'ready' || phase === 'starting' ? (
        <>
          <p className="mt-1 text-sm text-slate-600">
            {limitReached
              ? 'Recording is off until you have transcriptions left this month.'
              : `Record up to ${RECORDER_MAX_SECONDS / 60} minutes directly from your microphone.`}
          </p>
          <Button
            variant="outline"
            className="mt-3"
            onClick={() => void start()}
            disabled={disabled || phase === 'starting'}
          >
            <Mic aria-hidden="true" className="h-4 w-4" />
            {phase === 'starting' ? 'Starting...' : 'Start Recording'}
          </Button>
        </>
      ) : null}
      {phase === 'recording' || phase === 'encoding' ? (
        <div className="mt-2">
          <p className="flex items-center justify-between text-sm">
            <span className="flex items-center gap-2 font-medium text-red-600">
              <span
                aria-hidden="true"
                className="h-2.5 w-2.5 animate-pulse rounded-full bg-red-600"
              />
              {phase === 'recording' ? 'Recording...' : 'Finishing...'}
            </span>
            <span
              role="timer"
              aria-label="Recording time"
              className="font-mono tabular-nums text-slate-700"
            >
              {formatTimestamp(elapsed)} / {formatTimestamp(RECORDER_MAX_SECONDS)}
            </span>
          </p>
          <Progress
            value={(elapsed / RECORDER_MAX_SECONDS) * 100}
            label="Recording length"
            className="mt-2"
          />
          <LiveTranscript text={live.text} note={live.note} />
          <Button
            variant="destructive"
            className="mt-3"
            onClick={() => void stop()}
            disabled={phase === 'encoding'}
          >
            <Square aria-hidden="true" className="h-4 w-4" />
            Stop Recording
          </Button>
        </div>
      ) : null}
      {phase === 'complete' && recording ? (
        <div className="mt-2">
          <p className="text-sm text-slate-700">
            Recording complete:{' '}
            <span className="font-mono tabular-nums">{formatTimestamp(recording.seconds)}</span>
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button onClick={useRecording} disabled={disabled}>
              <Check aria-hidden="true" className="h-4 w-4" />
              Use Recording
            </Button>
            <Button variant="outline" onClick={reset} aria-label="Cancel recording">
              <X aria-hidden="true" className="h-4 w-4" />
              Cancel
            </Button>
          </div>
        </div>
      ) : null}
      {error ? (
        <Alert tone="error" className="mt-3">
          {error}
        </Alert>
      ) : null}
    </section>
  );
}

/** The words heard so far: a preview, the kept transcript comes from the whole recording. */
function LiveTranscript({ text, note }: { text: string; note: string | null }) {
  return (
    <div className="mt-2">
      <p
        role="log"
        aria-label="Live transcript"
        aria-live="polite"
        className="min-h-10 rounded-md bg-slate-50 p-2 text-sm text-slate-800"
      >
        {text || <span className="text-slate-500">Listening...</span>}
      </p>
      {note ? <p className="mt-1 text-xs text-slate-600">{note}</p> : null}
    </div>
  );
}
