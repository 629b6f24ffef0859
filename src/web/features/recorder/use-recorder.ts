import { useCallback, useEffect, useRef, useState } from 'react';
import { RECORDER_MAX_SECONDS } from '../../../core/plans';
import { startCapture, type CaptureSession } from './capture-session';
import { toRecordingFile, type FinishedRecording } from './finished-recording';
import { openLivePreview, type LivePreview, type LivePreviewState } from './live-preview';
import { startRecordingBackup, type RecordingBackup } from './recording-backup';
import { holdRecording, type ReleaseRecording } from './recording-locks';
import { recorderErrorMessage } from './recorder-errors';
import { recordingName } from './recording-name';

export type RecorderPhase = 'ready' | 'starting' | 'recording' | 'encoding';

const NO_PREVIEW: LivePreviewState = { text: '', previewId: null, note: null };

/** crypto.randomUUID exists only on secure origins, where the microphone is too; this is the fallback. */
const newRecordingId = () =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

interface Current {
  id: string;
  name: string;
  session: CaptureSession;
  backup: RecordingBackup | null;
  release: ReleaseRecording;
}

/**
 * Ready -> recording (ticking each second, stopping itself at 300 s) -> the finished WAV handed
 * to `onStopped`, and ready again. While it records, the audio is also kept in the browser
 * (IndexedDB) for the signed-in `userId`, so a closed tab loses at most the last second.
 */
export function useRecorder({
  userId,
  onStopped,
}: {
  userId: string | null;
  onStopped: (recording: FinishedRecording) => void;
}) {
  const [phase, setPhase] = useState<RecorderPhase>('ready');
  const [elapsed, setElapsed] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [live, setLive] = useState<LivePreviewState>(NO_PREVIEW);
  const liveText = useRef('');
  const livePreview = useRef<string | null>(null);
  const current = useRef<Current | null>(null);
  const preview = useRef<LivePreview | null>(null);
  const ticker = useRef<ReturnType<typeof setInterval> | undefined>(undefined);
  const autoStop = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const stopped = useRef(onStopped);
  // Bumped by every start and unmount, so an answer that arrives late is dropped.
  const attempt = useRef(0);

  useEffect(() => {
    stopped.current = onStopped;
  }, [onStopped]);

  const stopTimers = () => {
    clearInterval(ticker.current);
    clearTimeout(autoStop.current);
  };

  const closePreview = () => {
    preview.current?.close();
    preview.current = null;
  };

  /** Drops the recording from this page; its stored copy stays, to be offered again. */
  const release = useCallback(() => {
    attempt.current += 1;
    stopTimers();
    closePreview();
    const abandoned = current.current;
    current.current = null;
    if (!abandoned) return;
    abandoned.session.dispose();
    void (abandoned.backup?.finish() ?? Promise.resolve()).finally(abandoned.release);
  }, []);

  useEffect(() => release, [release]);

  const stop = useCallback(async () => {
    const recording = current.current;
    if (!recording) return;
    current.current = null;
    stopTimers();
    const heard = liveText.current;
    const previewed = livePreview.current;
    closePreview();
    setPhase('encoding');
    const started = attempt.current;
    const { samples, sampleRate } = await recording.session.stop();
    // The last second is written before the save can delete the copy.
    await recording.backup?.finish();
    if (started !== attempt.current) {
      recording.release();
      return;
    }
    const { file, seconds } = toRecordingFile(
      samples.subarray(0, RECORDER_MAX_SECONDS * sampleRate),
      sampleRate,
      recording.name,
    );
    setPhase('ready');
    setElapsed(0);
    setLive(NO_PREVIEW);
    liveText.current = '';
    livePreview.current = null;
    stopped.current({
      id: recording.id,
      name: recording.name,
      file,
      seconds,
      liveText: heard,
      livePreview: previewed,
      release: recording.release,
    });
  }, []);

  const start = useCallback(async () => {
    release();
    const started = attempt.current;
    setError(null);
    setElapsed(0);
    setLive(NO_PREVIEW);
    liveText.current = '';
    livePreview.current = null;
    setPhase('starting');
    const id = newRecordingId();
    const startedAt = new Date();
    // Held before the first sample is kept, so no other tab takes the copy for a cut-off one.
    const lock = await holdRecording(id).catch(() => null);
    const releaseLock = lock ?? (() => undefined);
    if (started !== attempt.current) return releaseLock();
    try {
      let backup: RecordingBackup | null = null;
      const session = await startCapture({
        onSamples: (samples, sampleRate) => {
          preview.current?.send(samples, sampleRate);
          backup?.add(samples, sampleRate);
        },
      });
      if (started !== attempt.current) {
        session.dispose();
        return releaseLock();
      }
      backup = lock && userId ? startRecordingBackup({ id, userId, startedAt }) : null;
      current.current = {
        id,
        name: recordingName(startedAt),
        session,
        backup,
        release: releaseLock,
      };
      // The words so far, while recording; the recording never waits for it.
      preview.current = openLivePreview((state) => {
        if (started !== attempt.current) return;
        liveText.current = state.text;
        livePreview.current = state.previewId;
        if (state.previewId) current.current?.backup?.setLivePreview(state.previewId);
        setLive(state);
      });
      const clockStart = performance.now();
      setPhase('recording');
      ticker.current = setInterval(() => {
        setElapsed(
          Math.min(RECORDER_MAX_SECONDS, Math.round((performance.now() - clockStart) / 1000)),
        );
      }, 1000);
      autoStop.current = setTimeout(() => {
        setElapsed(RECORDER_MAX_SECONDS);
        void stop();
      }, RECORDER_MAX_SECONDS * 1000);
    } catch (cause) {
      releaseLock();
      if (started !== attempt.current) return;
      const message = recorderErrorMessage(cause);
      setError(message);
      // Said once, under the button (decision 0071).
      setPhase('ready');
    }
  }, [release, stop, userId]);

  return { phase, elapsed, error, live, start, stop };
}

export type RecorderState = ReturnType<typeof useRecorder>;
