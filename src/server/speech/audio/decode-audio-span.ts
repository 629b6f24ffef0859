import { readFile, rm } from 'node:fs/promises';
import { PCM_SAMPLE_RATE } from './pcm-format.js';
import { ffmpegFailure } from './audio-error.js';
import { ffmpegInputArguments, fileUrl, lastLine, ONE_THREAD } from './ffmpeg-input.js';
import { runProcess } from './run-process.js';
import type { AudioDemuxer } from './sniff-audio-format.js';

export interface DecodeAudioSpanOptions {
  inputPath: string;
  demuxer: AudioDemuxer;
  /** A temporary file for the samples; removed before this returns. */
  outputPath: string;
  startSeconds: number;
  endSeconds: number;
  timeoutMs?: number;
  signal?: AbortSignal;
}

/**
 * Decodes one stretch of a recording (a line of its transcript) to 16 kHz mono samples in memory.
 * ffmpeg seeks to the start on the input side, so a line near the end of a long file costs no more
 * than one near its start.
 */
export async function decodeAudioSpan(options: DecodeAudioSpanOptions): Promise<Int16Array> {
  const start = Math.max(0, options.startSeconds);
  const seconds = Math.max(0, options.endSeconds - start);
  const timeoutMs = options.timeoutMs ?? 60_000;
  try {
    const result = await runProcess(
      'ffmpeg',
      [
        '-nostdin',
        '-v',
        'error',
        ...ONE_THREAD,
        '-ss',
        start.toFixed(3),
        ...ffmpegInputArguments(options.inputPath, options.demuxer),
        '-map',
        '0:a:0',
        '-t',
        seconds.toFixed(3),
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
      throw ffmpegFailure(
        result,
        `decoding a span (limit ${timeoutMs} ms)`,
        lastLine(result.stderr),
      );
    const bytes = await readFile(options.outputPath);
    const samples = new Int16Array(Math.floor(bytes.length / 2));
    Buffer.from(samples.buffer).set(bytes.subarray(0, samples.length * 2));
    return samples;
  } finally {
    await rm(options.outputPath, { force: true });
  }
}
