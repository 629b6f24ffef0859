/** A run of snippet text; `marked` runs are the words that matched the search. */
export interface SnippetPart {
  text: string;
  marked: boolean;
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
};

/** The server escapes the snippet as HTML; React escapes again on render, so undo the server's. */
function unescapeHtml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X'
          ? Number.parseInt(name.slice(2), 16)
          : Number.parseInt(name.slice(1), 10);
      return Number.isSafeInteger(code) && code > 0 && code <= 0x10ffff
        ? String.fromCodePoint(code)
        : entity;
    }
    return ENTITIES[name.toLowerCase()] ?? entity;
  });
}

/**
 * Splits a search snippet ("…the <mark>budget</mark> vote…") into plain and marked runs, to render
 * as React elements (never as HTML). A stray or unclosed tag only ends or starts a marked run.
 */
export function splitSnippet(snippet: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  let marked = false;
  for (const piece of snippet.split(/(<\/?mark>)/i)) {
    const tag = piece.toLowerCase();
    if (tag === '<mark>') marked = true;
    else if (tag === '</mark>') marked = false;
    else if (piece) {
      const text = unescapeHtml(piece);
      const previous = parts.at(-1);
      if (previous && previous.marked === marked) previous.text += text;
      else parts.push({ text, marked });
    }
  }
  return parts;
}
