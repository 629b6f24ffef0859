import path from 'node:path';
import type { AudioDemuxer } from './sniff-audio-format.js';

export interface FfmpegInputOptions {
  /** Input side `-t`: ffmpeg reads no packet past this, so the rest of the file costs nothing. */
  readSeconds?: number;
}

/**
 * Input options shared by every ffmpeg and ffprobe call: the sniffed demuxer is forced and only
 * local files may be opened, so a playlist or a crafted container cannot make ffmpeg read other
 * files or the network. The `file:` prefix keeps a name with a colon or a leading dash from being
 * read as a protocol or an option.
 */
export function ffmpegInputArguments(
  inputPath: string,
  demuxer: AudioDemuxer,
  options: FfmpegInputOptions = {},
): string[] {
  return [
    '-protocol_whitelist',
    'file,pipe',
    ...(options.readSeconds === undefined ? [] : ['-t', String(options.readSeconds)]),
    '-f',
    demuxer,
    '-i',
    fileUrl(inputPath),
  ];
}

/**
 * One thread for decoding and filtering: a file then costs at most one core, so a run's
 * wall-clock limit is also its CPU budget, and parallel requests cannot take every core each.
 */
export const ONE_THREAD = ['-threads', '1', '-filter_threads', '1'];

export function fileUrl(filePath: string): string {
  return `file:${path.resolve(filePath)}`;
}

/** The last line of ffmpeg's stderr is normally the reason it stopped. */
export function lastLine(stderr: string): string {
  const lines = stderr
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  return lines.at(-1) ?? '';
}
