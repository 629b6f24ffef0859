import type { ExportSource } from './export-format.js';
import { spokenTurns } from './spoken-turns.js';

/** A paragraph of DOCX, PDF and Markdown: its time, who speaks it (when several do), its text. */
export interface DocumentParagraph {
  start: number;
  speaker: string | null;
  text: string;
  /** The transcript's lines the text is made of (joined by spaces), by index: comments anchor on them. */
  lines: { segment: number; text: string }[];
}

/**
 * One paragraph per segment with words; when several people speak, one per turn, named.
 */
export function documentParagraphs(source: ExportSource): DocumentParagraph[] {
  const indexOf = new Map(source.segments.map((segment, index) => [segment, index]));
  const lineOf = (segment: ExportSource['segments'][number]) => ({
    segment: indexOf.get(segment) ?? 0,
    text: segment.text,
  });
  const turns = spokenTurns(source.segments);
  if (!turns) {
    return source.segments
      .filter((segment) => segment.text !== '')
      .map((segment) => ({
        start: segment.start,
        speaker: null,
        text: segment.text,
        lines: [lineOf(segment)],
      }));
  }
  return turns.map((turn) => ({
    start: turn.segments[0]?.start ?? 0,
    speaker: turn.speaker,
    text: turn.segments.map((segment) => segment.text).join(' '),
    lines: turn.segments.map(lineOf),
  }));
}
