import { Mic, Square } from 'lucide-react';
import { useId } from 'react';
import { formatTimestamp } from '../../../core/format/format-timestamp';
import { RECORDER_MAX_SECONDS } from '../../../core/plans';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Progress } from '../../components/ui/progress';
import { LiveTranscript } from './live-transcript';
import type { RecorderState } from './use-recorder';

interface RecorderControlsProps {
  recorder: RecorderState;
  /** Why recording cannot start now, said next to the button; null when it can. */
  blockedReason?: string | null;
}

/** Start, the running timer with the live words, and Stop, which hands the recording on to be saved. */
export function RecorderControls({ recorder, blockedReason = null }: RecorderControlsProps) {
  const { phase, elapsed, error, live, start, stop } = recorder;
  const reasonId = useId();
  return (
    <>
      {phase === 'ready' || phase === 'starting' ? (
        <>
          <p className="mt-1 text-sm text-slate-600">
            Record up to {RECORDER_MAX_SECONDS / 60} minutes directly from your microphone. Stopping
            saves the recording and transcribes it.
          </p>
          <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2">
            <Button
              variant="outline"
              onClick={() => void start()}
              disabled={blockedReason !== null || phase === 'starting'}
              aria-describedby={blockedReason ? reasonId : undefined}
            >
              <Mic aria-hidden="true" className="h-4 w-4" />
              {phase === 'starting' ? 'Starting...' : 'Start Recording'}
            </Button>
            {blockedReason ? (
              <p id={reasonId} className="text-sm text-slate-600">
                {blockedReason}
              </p>
            ) : null}
          </div>
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
      {error ? (
        <Alert tone="error" className="mt-3">
          {error}
        </Alert>
      ) : null}
    </>
  );
}
