import { CJK_CLASS } from '../db/search-column.js';
import { foldForSearch, isCjk } from './search-folding.js';

/** A word: a run of letters, marks and digits, except that each CJK character is a word alone. */
const WORD = new RegExp(`(${CJK_CLASS}|(?:(?!${CJK_CLASS})[\\p{L}\\p{M}\\p{N}])+)`, 'u');
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

/** Whether a word of the text is one of the query's (the last query word as a prefix). */
function wordMatcher(words: readonly string[]) {
  const spaced = words.filter((word) => !isCjk(word));
  const last = words.at(-1) ?? '';
  const whole = new Set(spaced.slice(0, -1));
  return (word: string) => {
    const folded = foldForSearch(word);
    return whole.has(folded) || (!isCjk(last) && folded.startsWith(last));
  };
}

/** Whether a text holds a query word: CJK anywhere inside a run, other words as words. */
function holdsWord(text: string, textWords: readonly string[], word: string, isLast: boolean) {
  if (isCjk(word)) return text.includes(word);
  return isLast
    ? textWords.some((textWord) => textWord.startsWith(word))
    : textWords.includes(word);
}

/**
 * The indexes of the parts (each CJK character a part of its own) that spell a CJK query word,
 * character after character with nothing between them.
 */
function cjkMatches(parts: readonly string[], words: readonly string[]): Set<number> {
  const marked = new Set<number>();
  for (const word of words.filter(isCjk)) {
    const characters = Array.from(word);
    for (let first = 1; first < parts.length; first += 2) {
      const indexes = characters.map((_, offset) => first + offset * 2);
      const spelled = indexes.every(
        (index, offset) =>
          parts[index] === characters[offset] && (offset === 0 || parts[index - 1] === ''),
      );
      if (spelled) for (const index of indexes) marked.add(index);
    }
  }
  return marked;
}

/**
 * The first segment holding every query word, or failing that (the words were spread over
 * neighbouring segments) the first holding any of them.
 */
export function firstMatchingSegment<Segment extends { text: string }>(
  segments: readonly Segment[],
  words: readonly string[],
): Segment | undefined {
  let firstWithAny: Segment | undefined;
  for (const segment of segments) {
    const text = foldForSearch(segment.text);
    const textWords = text.split(/[^\p{L}\p{M}\p{N}]+/u);
    const present = words.map((word, index) =>
      holdsWord(text, textWords, word, index === words.length - 1),
    );
    if (present.every(Boolean)) return segment;
    if (!firstWithAny && present.some(Boolean)) firstWithAny = segment;
  }
  return firstWithAny;
}

/**
 * The text around the first match, HTML-escaped, with the matching words in `<mark>`. Words are
 * split and compared as the search column indexes them (runs of letters, marks and digits,
 * lowercased), so what is marked is what was found; the last query word matches as a prefix.
 */
export function searchSnippet(text: string, words: readonly string[]): string {
  const matchesWord = wordMatcher(words);
  // Odd indexes are words, even ones what lies between them.
  const parts = text.split(WORD);
  const inCjkMatch = cjkMatches(parts, words);
  const matches = (index: number) => inCjkMatch.has(index) || matchesWord(parts[index] ?? '');
  const wordIndexes = parts.flatMap((part, index) => (index % 2 === 1 ? [index] : []));
  const firstMatch = wordIndexes.findIndex(matches);
  const from = Math.max(0, firstMatch - WORDS_BEFORE);
  const to = Math.min(wordIndexes.length, from + WORDS_IN_SNIPPET);
  const startPart = from === 0 ? 0 : (wordIndexes[from] ?? 0);
  const endPart = to === wordIndexes.length ? parts.length : (wordIndexes[to] ?? parts.length);
  const html = parts
    .slice(startPart, endPart)
    .map((part, offset) => {
      const index = startPart + offset;
      return index % 2 === 1 && matches(index)
        ? `<mark>${escapeHtml(part)}</mark>`
        : escapeHtml(part);
    })
    .join('')
    // The characters of one CJK match, marked one by one, become one mark.
    .replaceAll('</mark><mark>', '');
  return `${startPart > 0 ? '…' : ''}${html.trim()}${endPart < parts.length ? '…' : ''}`;
}
