import { withoutSpoofingCharacters } from './without-spoofing-characters.js';

/**
 * The download name: the original file name with its extension replaced by the export's
 * ("talk.mp3" -> "talk.txt", or "talk.srt" for subtitles).
 */
export function transcriptFileName(originalName: string, extension = 'txt'): string {
  const base = withoutSpoofingCharacters(originalName)
    .trim()
    .replace(/\.[^./\\]*$/, '');
  return `${base || 'transcript'}.${extension}`;
}
