import { AudioError } from './audio-error.js';
import { ffmpegInputArguments, lastLine, ONE_THREAD } from './ffmpeg-input.js';
import { runProcess } from './run-process.js';
import type { AudioDemuxer } from './sniff-audio-format.js';

export interface MeasureDemuxedDurationOptions {
  /** Reading stops here, so a duration bomb costs at most this much work. */
  capSeconds: number;
  timeoutMs: number;
  signal?: AbortSignal;
}

/**
 * Reads the first audio stream's packets without decoding them (`-c copy`) and says how far
 * their timestamps go. Used when the container does not state a duration, as with WebM written
 * live by a browser's MediaRecorder. Decoding would cost the file's full sample rate and channel
 * count for every second: minutes of CPU for a small, highly compressed file.
 */
export async function measureDemuxedDuration(
  inputPath: string,
  demuxer: AudioDemuxer,
  options: MeasureDemuxedDurationOptions,
): Promise<number> {
  const result = await runProcess(
    'ffmpeg',
    [
      '-nostdin',
      '-v',
      'error',
      ...ONE_THREAD,
      ...ffmpegInputArguments(inputPath, demuxer, { readSeconds: options.capSeconds }),
      '-map',
      '0:a:0',
      '-c',
      'copy',
      '-f',
      'null',
      '-progress',
      'pipe:1',
      '-nostats',
      '-',
    ],
    { timeoutMs: options.timeoutMs, signal: options.signal },
  );
  if (result.timedOut)
    throw new AudioError('timeout', `measuring the duration took over ${options.timeoutMs} ms`);
  if (result.exitCode !== 0) throw new AudioError('undecodable', lastLine(result.stderr));
  const times = [...result.stdout.matchAll(/^out_time_us=(\d+)$/gm)];
  const microseconds = Number(times.at(-1)?.[1] ?? Number.NaN);
  if (!Number.isFinite(microseconds))
    throw new AudioError('undecodable', 'ffmpeg reported no decoded time');
  return Math.min(microseconds / 1_000_000, options.capSeconds);
}
