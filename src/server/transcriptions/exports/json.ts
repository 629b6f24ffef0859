import { speakersInOrder } from '../../../core/speakers.js';
import type { ExportFile, ExportSource } from './export-format.js';

/**
 * `{ filename, language, duration, speakers, segments: [{ start, end, text, speaker }] }`, for
 * programs. `speakers` (in order of first appearance) is always there, one speaker or several:
 * a program reads one shape, and decides itself whether to show names.
 */
export function exportJson(source: ExportSource): ExportFile {
  const document = {
    filename: source.filename,
    language: source.language,
    duration: source.durationInSeconds,
    speakers: speakersInOrder(source.segments),
    segments: source.segments.map(({ start, end, text, speaker }) => ({
      start,
      end,
      text,
      speaker,
    })),
  };
  return {
    contentType: 'application/json; charset=utf-8',
    extension: 'json',
    body: `${JSON.stringify(document, null, 2)}\n`,
  };
}
