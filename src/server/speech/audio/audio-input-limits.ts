import { AudioError } from './audio-error.js';

/** What an uploaded file may demand of the server before any of it is decoded. */
export interface AudioInputLimits {
  /** Hz. Speech needs 16 kHz; 192 kHz is the highest rate recorders and studio formats use. */
  maxSampleRate: number;
  /** 7.1 surround has 8; more is no recording of speech. */
  maxChannels: number;
  /**
   * Wall-clock budget for reading a file's type and duration (ffprobe, then a packet count when
   * the container states no duration). ffmpeg runs on one thread, so it is the CPU budget too.
   */
  inspectTimeoutMs: number;
}

export const DEFAULT_AUDIO_INPUT_LIMITS: AudioInputLimits = {
  maxSampleRate: 192_000,
  maxChannels: 8,
  inspectTimeoutMs: 20_000,
};

function kilohertz(hertz: number): string {
  return `${Number((hertz / 1000).toFixed(1))} kHz`;
}

/** Refuses a stream whose sample rate or channel count would make every second costly to read. */
export function assertWithinAudioLimits(
  stream: { sampleRate: number; channels: number },
  limits: Pick<AudioInputLimits, 'maxSampleRate' | 'maxChannels'>,
): void {
  if (stream.sampleRate <= limits.maxSampleRate && stream.channels <= limits.maxChannels) return;
  throw new AudioError('beyond-limits', `${stream.channels} channels at ${stream.sampleRate} Hz`, {
    userMessage:
      `This audio has ${stream.channels} channels at ${kilohertz(stream.sampleRate)}. ` +
      `The server reads up to ${limits.maxChannels} channels at up to ${kilohertz(limits.maxSampleRate)}: ` +
      'please convert it (mono at 48 kHz is plenty for speech) and try again.',
  });
}
