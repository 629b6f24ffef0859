import type { ExportSource } from './export-format.js';
import { spokenTurns } from './spoken-turns.js';

/** A paragraph of DOCX, PDF and Markdown: its time, who speaks it (when several do), its text. */
export interface DocumentParagraph {
  start: number;
  speaker: string | null;
  text: string;
}

/**
 * One paragraph per segment with words; when several people speak, one per turn, named.
 */
export function documentParagraphs(source: ExportSource): DocumentParagraph[] {
  const turns = spokenTurns(source.segments);
  if (!turns) {
    return source.segments
      .filter((segment) => segment.text !== '')
      .map((segment) => ({ start: segment.start, speaker: null, text: segment.text }));
  }
  return turns.map((turn) => ({
    start: turn.segments[0]?.start ?? 0,
    speaker: turn.speaker,
    text: turn.segments.map((segment) => segment.text).join(' '),
  }));
}
