import { withoutSpoofingCharacters } from '../../../core/format/without-spoofing-characters.js';
import type { ExportSource } from './export-format.js';
import { spokenDuration } from './timestamps.js';

/** The title and the facts under it, the same in DOCX, PDF and Markdown. */
export function documentHeading(source: ExportSource) {
  const filename = withoutSpoofingCharacters(source.filename);
  const dot = filename.lastIndexOf('.');
  const title = (dot > 0 ? filename.slice(0, dot) : filename) || 'Transcript';
  const date = source.createdAt.toISOString().slice(0, 10);
  return {
    title,
    details: [`Date: ${date}`, `Duration: ${spokenDuration(source.durationInSeconds)}`],
  };
}
