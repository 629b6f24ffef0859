import { z } from 'zod';
import { MAX_AUDIO_SECONDS } from '../../../core/plans.js';
import { AudioError } from './audio-error.js';
import { ffmpegInputArguments, lastLine } from './ffmpeg-input.js';
import { measureDecodedDuration } from './measure-decoded-duration.js';
import { runProcess } from './run-process.js';
import type { AudioDemuxer } from './sniff-audio-format.js';

export interface AudioProbe {
  /** Capped at MAX_AUDIO_SECONDS + 1 when it had to be measured by decoding. */
  durationSeconds: number;
  codec: string;
  sampleRate: number;
  channels: number;
}

export interface ProbeAudioOptions {
  timeoutMs?: number;
  /** Limit for the fallback that decodes the file to measure it. */
  measureTimeoutMs?: number;
  signal?: AbortSignal;
}

const DEFAULT_PROBE_TIMEOUT_MS = 20_000;
const DEFAULT_MEASURE_TIMEOUT_MS = 5 * 60_000;

const numberText = z
  .union([z.string(), z.number()])
  .transform((value) => Number(value))
  .optional();

const probeOutputSchema = z.object({
  streams: z
    .array(
      z.object({
        codec_type: z.string().optional(),
        codec_name: z.string().optional(),
        sample_rate: numberText,
        channels: z.number().optional(),
        duration: numberText,
      }),
    )
    .default([]),
  format: z.object({ duration: numberText }).default({}),
});

function positive(value: number | undefined): number | undefined {
  return value !== undefined && Number.isFinite(value) && value > 0 ? value : undefined;
}

/** Confirms the file holds audio ffmpeg can read and says how long it is. */
export async function probeAudio(
  inputPath: string,
  demuxer: AudioDemuxer,
  options: ProbeAudioOptions = {},
): Promise<AudioProbe> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_PROBE_TIMEOUT_MS;
  const result = await runProcess(
    'ffprobe',
    [
      '-v',
      'error',
      ...ffmpegInputArguments(inputPath, demuxer),
      '-show_entries',
      'format=duration:stream=codec_type,codec_name,sample_rate,channels,duration',
      '-of',
      'json',
    ],
    { timeoutMs, signal: options.signal },
  );
  if (result.timedOut) throw new AudioError('timeout', `ffprobe took over ${timeoutMs} ms`);
  if (result.exitCode !== 0) throw new AudioError('undecodable', lastLine(result.stderr));

  const parsed = probeOutputSchema.safeParse(parseJson(result.stdout));
  if (!parsed.success)
    throw new AudioError('undecodable', `unexpected ffprobe output: ${parsed.error.message}`);
  const audio = parsed.data.streams.find((stream) => stream.codec_type === 'audio');
  if (!audio) throw new AudioError('unsupported', 'the file has no audio stream');
  const sampleRate = positive(audio.sample_rate);
  const channels = positive(audio.channels);
  if (!audio.codec_name || !sampleRate || !channels) {
    throw new AudioError(
      'undecodable',
      'the audio stream has no codec, sample rate or channel count',
    );
  }

  // Raw ADTS has no index: ffprobe's figure is a guess from the bitrate, off by tenths of a second on a short clip.
  const statedDuration =
    demuxer === 'aac'
      ? undefined
      : (positive(parsed.data.format.duration) ?? positive(audio.duration));
  const durationSeconds =
    statedDuration ??
    (await measureDecodedDuration(inputPath, demuxer, {
      capSeconds: MAX_AUDIO_SECONDS + 1,
      timeoutMs: options.measureTimeoutMs ?? DEFAULT_MEASURE_TIMEOUT_MS,
      signal: options.signal,
    }));
  if (durationSeconds <= 0) throw new AudioError('undecodable', 'no audio could be decoded');
  return { durationSeconds, codec: audio.codec_name, sampleRate, channels };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
