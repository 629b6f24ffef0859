import { highlightPieces, type LineHighlight } from './highlight-pieces';

/** A line's text with its highlights marked, each saying who made it. */
export function HighlightedText({
  text,
  highlights,
}: {
  text: string;
  highlights: readonly LineHighlight[];
}) {
  return highlightPieces(text, highlights).map((piece, at) =>
    piece.highlights.length === 0 ? (
      piece.text
    ) : (
      <mark
        key={at}
        data-highlight={piece.highlights.map((highlight) => highlight.id).join(' ')}
        title={`Highlighted by ${[...new Set(piece.highlights.map((h) => h.author))].join(', ')}`}
        className="rounded-sm bg-lime-200 text-inherit"
      >
        {piece.text}
      </mark>
    ),
  );
}
