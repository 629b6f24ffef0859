import { splitSnippet } from './search-snippet';

/** A search snippet with its matching words marked, built from text nodes (never parsed as HTML). */
export function HighlightedSnippet({ snippet }: { snippet: string }) {
  return (
    <>
      {splitSnippet(snippet).map((part, index) =>
        part.marked ? (
          <mark key={index} className="rounded-sm bg-amber-100 px-0.5 font-medium text-slate-900">
            {part.text}
          </mark>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}
