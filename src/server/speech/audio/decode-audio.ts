import { stat } from 'node:fs/promises';
import { MAX_AUDIO_SECONDS } from '../../../core/plans.js';
import { PCM_SAMPLE_RATE } from './pcm-format.js';
import { AudioError, ffmpegFailure } from './audio-error.js';
import { ffmpegInputArguments, fileUrl, lastLine, ONE_THREAD } from './ffmpeg-input.js';
import { runProcess } from './run-process.js';
import type { AudioDemuxer } from './sniff-audio-format.js';

export const PCM_BYTES_PER_SAMPLE = 2;

/** The most bytes `seconds` of audio decode to: the temporary file's bound. */
export function pcmBytesFor(seconds: number): number {
  return Math.ceil(seconds * PCM_SAMPLE_RATE) * PCM_BYTES_PER_SAMPLE;
}

export interface DecodeAudioOptions {
  inputPath: string;
  demuxer: AudioDemuxer;
  /** Where the raw 16 kHz mono s16le samples go; a long file never passes through memory. */
  outputPath: string;
  /**
   * Decoding stops here (the free plan's 30 s); never beyond MAX_AUDIO_SECONDS. The input is read
   * no further either, and the output file holds at most `pcmBytesFor(maxSeconds)`.
   */
  maxSeconds?: number;
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface DecodedAudio {
  pcmPath: string;
  sampleCount: number;
  durationSeconds: number;
}

const DEFAULT_DECODE_TIMEOUT_MS = 15 * 60_000;

/** Decodes the first audio stream to 16 kHz mono signed 16-bit PCM in a file. */
export async function decodeAudio(options: DecodeAudioOptions): Promise<DecodedAudio> {
  const maxSeconds = Math.min(options.maxSeconds ?? MAX_AUDIO_SECONDS, MAX_AUDIO_SECONDS);
  const timeoutMs = options.timeoutMs ?? DEFAULT_DECODE_TIMEOUT_MS;
  const result = await runProcess(
    'ffmpeg',
    [
      '-nostdin',
      '-v',
      'error',
      ...ONE_THREAD,
      ...ffmpegInputArguments(options.inputPath, options.demuxer, { readSeconds: maxSeconds }),
      '-map',
      '0:a:0',
      '-t',
      String(maxSeconds),
      '-ac',
      '1',
      '-ar',
      String(PCM_SAMPLE_RATE),
      '-f',
      's16le',
      '-y',
      fileUrl(options.outputPath),
    ],
    { timeoutMs, signal: options.signal },
  );
  if (result.timedOut || result.exitCode !== 0)
    throw ffmpegFailure(result, `decoding (limit ${timeoutMs} ms)`, lastLine(result.stderr));

  const { size } = await stat(options.outputPath);
  const sampleCount = Math.floor(size / PCM_BYTES_PER_SAMPLE);
  if (sampleCount === 0) throw new AudioError('undecodable', 'no audio could be decoded');
  return {
    pcmPath: options.outputPath,
    sampleCount,
    durationSeconds: sampleCount / PCM_SAMPLE_RATE,
  };
}
