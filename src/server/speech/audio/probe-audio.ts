import { z } from 'zod';
import { MAX_AUDIO_SECONDS } from '../../../core/plans.js';
import { AudioError } from './audio-error.js';
import {
  assertWithinAudioLimits,
  DEFAULT_AUDIO_INPUT_LIMITS,
  type AudioInputLimits,
} from './audio-input-limits.js';
import { ffmpegInputArguments, lastLine } from './ffmpeg-input.js';
import { measureDemuxedDuration } from './measure-demuxed-duration.js';
import { runProcess } from './run-process.js';
import type { AudioDemuxer } from './sniff-audio-format.js';

export interface AudioProbe {
  /** Capped at MAX_AUDIO_SECONDS + 1 when it had to be measured from the packets. */
  durationSeconds: number;
  codec: string;
  sampleRate: number;
  channels: number;
}

export interface ProbeAudioOptions {
  /** Sample rate, channels, and the time the whole probe may take. */
  limits?: AudioInputLimits;
  /** Overrides `limits.inspectTimeoutMs`. */
  timeoutMs?: number;
  /** The requester left: ffprobe or ffmpeg is killed and this rejects with the reason. */
  signal?: AbortSignal;
}

/**
 * ffprobe reads at most this much of the file, and this much of its audio, to find the streams'
 * parameters (its defaults are 5 MB and 5 s): enough for every container, since each states its
 * codec, rate and channels up front.
 */
const PROBE_SIZE_BYTES = 2 * 1024 * 1024;
const ANALYZE_DURATION_MICROSECONDS = 2_000_000;

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
  const limits = options.limits ?? DEFAULT_AUDIO_INPUT_LIMITS;
  const timeoutMs = options.timeoutMs ?? limits.inspectTimeoutMs;
  const deadline = Date.now() + timeoutMs;
  const result = await runProcess(
    'ffprobe',
    [
      '-v',
      'error',
      '-probesize',
      String(PROBE_SIZE_BYTES),
      '-analyzeduration',
      String(ANALYZE_DURATION_MICROSECONDS),
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
  assertWithinAudioLimits({ sampleRate, channels }, limits);

  // Raw ADTS has no index: ffprobe's figure is a guess from the bitrate, off by tenths of a second on a short clip.
  const statedDuration =
    demuxer === 'aac'
      ? undefined
      : (positive(parsed.data.format.duration) ?? positive(audio.duration));
  const durationSeconds =
    statedDuration ??
    (await measureDemuxedDuration(inputPath, demuxer, {
      capSeconds: MAX_AUDIO_SECONDS + 1,
      timeoutMs: Math.max(1, deadline - Date.now()),
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
