import { useCallback, useEffect, useRef, useState } from 'react';
import { RECORDER_MAX_SECONDS } from '../../../core/plans';
import { toast } from '../toasts/toast-store';
import { startCapture, type CaptureSession } from './capture-session';
import { openLivePreview, type LivePreview, type LivePreviewState } from './live-preview';
import { recorderErrorMessage } from './recorder-errors';
import { downsample, encodeWav, RECORDING_SAMPLE_RATE } from './wav-encoder';

export type RecorderPhase = 'ready' | 'starting' | 'recording' | 'encoding' | 'complete';

export interface Recording {
  file: File;
  seconds: number;
}

function toWavFile(samples: Float32Array, sampleRate: number): Recording {
  const limited = samples.subarray(0, RECORDER_MAX_SECONDS * sampleRate);
  const rate = Math.min(sampleRate, RECORDING_SAMPLE_RATE);
  const pcm = downsample(limited, sampleRate, rate);
  const file = new File([encodeWav(pcm, rate)], 'recording.wav', { type: 'audio/wav' });
  return { file, seconds: pcm.length / rate };
}

const NO_PREVIEW: LivePreviewState = { text: '', note: null };

/** Ready -> recording (ticking each second, stopping itself at 300 s) -> complete with a WAV file. */
export function useRecorder() {
  const [phase, setPhase] = useState<RecorderPhase>('ready');
  const [elapsed, setElapsed] = useState(0);
  const [recording, setRecording] = useState<Recording | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [live, setLive] = useState<LivePreviewState>(NO_PREVIEW);
  const session = useRef<CaptureSession | null>(null);
  const preview = useRef<LivePreview | null>(null);
  const ticker = useRef<ReturnType<typeof setInterval> | undefined>(undefined);
  const autoStop = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // Bumped by every start, cancel and unmount, so an answer that arrives late is dropped.
  const attempt = useRef(0);

  const stopTimers = () => {
    clearInterval(ticker.current);
    clearTimeout(autoStop.current);
  };

  const closePreview = () => {
    preview.current?.close();
    preview.current = null;
  };

  const release = useCallback(() => {
    attempt.current += 1;
    stopTimers();
    closePreview();
    session.current?.dispose();
    session.current = null;
  }, []);

  useEffect(() => release, [release]);

  const stop = useCallback(async () => {
    const current = session.current;
    if (!current) return;
    session.current = null;
    stopTimers();
    closePreview();
    setPhase('encoding');
    const started = attempt.current;
    const { samples, sampleRate } = await current.stop();
    if (started !== attempt.current) return;
    setRecording(toWavFile(samples, sampleRate));
    setPhase('complete');
  }, []);

  const start = useCallback(async () => {
    release();
    const started = attempt.current;
    setError(null);
    setRecording(null);
    setElapsed(0);
    setLive(NO_PREVIEW);
    setPhase('starting');
    try {
      const opened = await startCapture({
        onSamples: (samples, sampleRate) => preview.current?.send(samples, sampleRate),
      });
      if (started !== attempt.current) {
        opened.dispose();
        return;
      }
      session.current = opened;
      // The words so far, while recording; the recording never waits for it.
      preview.current = openLivePreview((state) => {
        if (started === attempt.current) setLive(state);
      });
      const startedAt = performance.now();
      setPhase('recording');
      ticker.current = setInterval(() => {
        setElapsed(
          Math.min(RECORDER_MAX_SECONDS, Math.round((performance.now() - startedAt) / 1000)),
        );
      }, 1000);
      autoStop.current = setTimeout(() => {
        setElapsed(RECORDER_MAX_SECONDS);
        void stop();
      }, RECORDER_MAX_SECONDS * 1000);
    } catch (cause) {
      if (started !== attempt.current) return;
      const message = recorderErrorMessage(cause);
      setError(message);
      setPhase('ready');
      toast({ title: 'Recording unavailable', description: message, variant: 'destructive' });
    }
  }, [release, stop]);

  /** Cancel at any point: the microphone is released and the recording dropped. */
  const reset = useCallback(() => {
    release();
    setRecording(null);
    setElapsed(0);
    setLive(NO_PREVIEW);
    setPhase('ready');
  }, [release]);

  return { phase, elapsed, recording, error, live, start, stop, reset };
}
