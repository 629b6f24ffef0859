import { rename } from 'node:fs/promises';
import { PCM_SAMPLE_RATE } from './pcm-format.js';
import { ffmpegFailure } from './audio-error.js';
import { fileUrl, lastLine, ONE_THREAD } from './ffmpeg-input.js';
import { runProcess } from './run-process.js';

/**
 * ffmpeg's FFT denoiser, tracking the noise as it changes: 12 dB of reduction leaves speech
 * natural enough for an engine trained on unprocessed audio (docs/decisions/0060).
 */
export const DENOISE_FILTER = 'afftdn=nr=12:nf=-40:tn=1';

/** Replaces a 16 kHz mono s16le PCM file with its denoised copy, streaming through ffmpeg. */
export async function denoisePcmFile(
  pcmPath: string,
  options: { timeoutMs: number; signal?: AbortSignal },
): Promise<void> {
  const outputPath = `${pcmPath}.denoised`;
  const format = ['-f', 's16le', '-ar', String(PCM_SAMPLE_RATE), '-ac', '1'];
  const result = await runProcess(
    'ffmpeg',
    [
      '-nostdin',
      '-v',
      'error',
      ...ONE_THREAD,
      '-protocol_whitelist',
      'file',
      ...format,
      '-i',
      fileUrl(pcmPath),
      '-af',
      DENOISE_FILTER,
      ...format,
      '-y',
      fileUrl(outputPath),
    ],
    { timeoutMs: options.timeoutMs, signal: options.signal },
  );
  if (result.timedOut || result.exitCode !== 0)
    throw ffmpegFailure(
      result,
      `denoising (limit ${options.timeoutMs} ms)`,
      lastLine(result.stderr),
    );
  await rename(outputPath, pcmPath);
}
