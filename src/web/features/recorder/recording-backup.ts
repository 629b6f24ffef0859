import { appendStoredAudio, createStoredRecording, type StoredRecording } from './recording-store';
import { concatenateSamples, downsample, RECORDING_SAMPLE_RATE } from './wav-encoder';

/** At most this much recorded audio is lost with the tab: one write per second of audio. */
const WRITE_EVERY_SECONDS = 1;

export interface RecordingBackup {
  /** Takes captured samples at the microphone's rate. */
  add(samples: Float32Array, sampleRate: number): void;
  /** Keeps the live preview's id with the copy, so a save of the copy can claim the preview. */
  setLivePreview(previewId: string): void;
  /** Writes what is still buffered and waits for every write. Never rejects. */
  finish(): Promise<void>;
}

/**
 * Keeps a copy of the recording in the browser as it is captured, at the rate the WAV is made at.
 * Writes run one after another; if the browser refuses them (no IndexedDB, storage full) the
 * recording itself goes on, only without a copy.
 */
export function startRecordingBackup(identity: {
  id: string;
  userId: string;
  startedAt: Date;
}): RecordingBackup {
  const stored: StoredRecording = {
    id: identity.id,
    userId: identity.userId,
    startedAt: identity.startedAt.getTime(),
    sampleRate: RECORDING_SAMPLE_RATE,
    samples: 0,
  };
  let writes: Promise<void> = createStoredRecording(stored);
  let failed = false;
  let buffered: Float32Array[] = [];
  let bufferedLength = 0;
  let nextIndex = 0;
  let captureRate = RECORDING_SAMPLE_RATE;

  const flush = () => {
    if (bufferedLength === 0) return;
    const pcm = downsample(concatenateSamples(buffered), captureRate, RECORDING_SAMPLE_RATE);
    buffered = [];
    bufferedLength = 0;
    const index = nextIndex;
    nextIndex += 1;
    writes = writes.then(() => {
      if (failed) return;
      stored.samples += pcm.length;
      return appendStoredAudio({ ...stored }, index, pcm);
    });
    writes = writes.catch(() => {
      failed = true;
    });
  };
  writes = writes.catch(() => {
    failed = true;
  });

  return {
    setLivePreview(previewId) {
      if (stored.livePreview === previewId) return;
      stored.livePreview = previewId;
      writes = writes
        .then(() => (failed ? undefined : createStoredRecording({ ...stored })))
        .catch(() => {
          failed = true;
        });
    },
    add(samples, sampleRate) {
      captureRate = sampleRate;
      buffered.push(samples);
      bufferedLength += samples.length;
      if (bufferedLength >= sampleRate * WRITE_EVERY_SECONDS) flush();
    },
    async finish() {
      flush();
      await writes;
    },
  };
}
