/** Lower-case words without punctuation, for comparing what whisper wrote, not how. */
export function normalisedWords(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}'\s]+/gu, ' ')
    .split(/\s+/)
    .map((word) => word.replace(/^'+|'+$/g, ''))
    .filter(Boolean);
}

export const normalisedText = (text: string): string => normalisedWords(text).join(' ');

/** Index of `needle` as a run of words inside `haystack`, or -1. */
export function indexOfWords(haystack: readonly string[], needle: readonly string[]): number {
  if (needle.length === 0) return -1;
  outer: for (let start = 0; start + needle.length <= haystack.length; start += 1) {
    for (let offset = 0; offset < needle.length; offset += 1) {
      if (haystack[start + offset] !== needle[offset]) continue outer;
    }
    return start;
  }
  return -1;
}

/** Longest k such that the last k words of `before` are the first k words of `after`. */
export function overlapLength(before: readonly string[], after: readonly string[]): number {
  for (let length = Math.min(before.length, after.length); length > 0; length -= 1) {
    let matches = true;
    for (let offset = 0; offset < length; offset += 1) {
      if (before[before.length - length + offset] !== after[offset]) {
        matches = false;
        break;
      }
    }
    if (matches) return length;
  }
  return 0;
}

/** The text without its first `count` words (punctuation-only pieces between them go too). */
export function dropLeadingWords(text: string, count: number): string {
  const pieces = text.trim().split(/\s+/);
  let dropped = 0;
  let index = 0;
  while (index < pieces.length && dropped < count) {
    if (normalisedWords(pieces[index] ?? '').length > 0) dropped += 1;
    index += 1;
  }
  return pieces.slice(index).join(' ');
}
