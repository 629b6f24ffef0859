const WORD = /([\p{L}\p{M}\p{N}]+)/u;
const WORDS_BEFORE = 8;
const WORDS_IN_SNIPPET = 30;

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/**
 * The text around the first match, HTML-escaped, with the matching words in `<mark>`. Words are
 * split and compared as the search column indexes them (runs of letters, marks and digits,
 * lowercased), so what is marked is what was found; the last query word matches as a prefix.
 */
export function searchSnippet(text: string, words: readonly string[]): string {
  const last = words.at(-1) ?? '';
  const whole = new Set(words.slice(0, -1));
  const matches = (word: string) => {
    const lower = word.toLowerCase();
    return whole.has(lower) || lower.startsWith(last);
  };
  // Odd indexes are words, even ones what lies between them.
  const parts = text.split(WORD);
  const wordIndexes = parts.flatMap((part, index) => (index % 2 === 1 ? [index] : []));
  const firstMatch = wordIndexes.findIndex((index) => matches(parts[index] ?? ''));
  const from = Math.max(0, firstMatch - WORDS_BEFORE);
  const to = Math.min(wordIndexes.length, from + WORDS_IN_SNIPPET);
  const startPart = from === 0 ? 0 : (wordIndexes[from] ?? 0);
  const endPart = to === wordIndexes.length ? parts.length : (wordIndexes[to] ?? parts.length);
  const html = parts
    .slice(startPart, endPart)
    .map((part, offset) => {
      const isWord = (startPart + offset) % 2 === 1;
      return isWord && matches(part) ? `<mark>${escapeHtml(part)}</mark>` : escapeHtml(part);
    })
    .join('');
  return `${startPart > 0 ? '…' : ''}${html.trim()}${endPart < parts.length ? '…' : ''}`;
}
