import path from 'node:path';
import type { AudioDemuxer } from './sniff-audio-format.js';

/**
 * Input options shared by every ffmpeg and ffprobe call: the sniffed demuxer is forced and only
 * local files may be opened, so a playlist or a crafted container cannot make ffmpeg read other
 * files or the network. The `file:` prefix keeps a name with a colon or a leading dash from being
 * read as a protocol or an option.
 */
export function ffmpegInputArguments(inputPath: string, demuxer: AudioDemuxer): string[] {
  return ['-protocol_whitelist', 'file,pipe', '-f', demuxer, '-i', fileUrl(inputPath)];
}

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
