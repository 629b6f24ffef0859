import type { ReleaseRecording } from './recording-locks';
import { downsample, encodeWav, RECORDING_SAMPLE_RATE } from './wav-encoder';

/** A recording ready to be saved: its WAV file, and the lock that keeps other tabs from offering it. */
export interface FinishedRecording {
  id: string;
  /** "Recording 2026-11-27 14:05": also the file's name, so the transcription is called that. */
  name: string;
  file: File;
  seconds: number;
  /** The live preview's words when it stopped: shown until the real transcript is made. */
  liveText: string;
  /** The live preview's id, named in the upload so a preview the plan counted is not counted again. */
  livePreview: string | null;
  /** Frees the recording for other tabs: once saved, or when saving failed. */
  release: ReleaseRecording;
}

/** A 16-bit PCM WAV at the recording rate (or the microphone's, if lower), named as the recording. */
export function toRecordingFile(
  samples: Float32Array,
  sampleRate: number,
  name: string,
): { file: File; seconds: number } {
  const rate = Math.min(sampleRate, RECORDING_SAMPLE_RATE);
  const pcm = downsample(samples, sampleRate, rate);
  const file = new File([encodeWav(pcm, rate)], name, { type: 'audio/wav' });
  return { file, seconds: pcm.length / rate };
}
