/** A highlight as a line shows it: where it is, and who made it. */
export interface LineHighlight {
  id: string;
  start: number;
  end: number;
  author: string;
}

export interface HighlightPiece {
  text: string;
  /** The highlights covering this piece; empty for plain text. */
  highlights: LineHighlight[];
}

/**
 * The line's text cut where highlights begin and end. Spans past the end of a line that was
 * shortened since are cut at its end; spans wholly past it are not shown.
 */
export function highlightPieces(
  text: string,
  highlights: readonly LineHighlight[],
): HighlightPiece[] {
  const fitting = highlights
    .map((highlight) => ({ ...highlight, end: Math.min(highlight.end, text.length) }))
    .filter((highlight) => highlight.start < highlight.end);
  const cuts = [...new Set([0, text.length, ...fitting.flatMap((h) => [h.start, h.end])])].sort(
    (a, b) => a - b,
  );
  const pieces: HighlightPiece[] = [];
  for (let at = 0; at < cuts.length - 1; at += 1) {
    const start = cuts[at] ?? 0;
    const end = cuts[at + 1] ?? text.length;
    pieces.push({
      text: text.slice(start, end),
      highlights: fitting.filter((highlight) => highlight.start <= start && highlight.end >= end),
    });
  }
  return pieces;
}
