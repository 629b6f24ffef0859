import { AppError } from '../errors/app-error.js';

export const MAX_QUERY_CHARACTERS = 200;
export const MAX_QUERY_WORDS = 12;

export interface SearchTerms {
  /** The words, lowercased, in the order typed. */
  words: string[];
  /** Every word, the last as a prefix: what the results must contain. */
  allWords: string;
  /** Any of the words: which segment to show and what to highlight in it. */
  anyWord: string;
}

/**
 * Builds tsquery text from the words of what the user typed, never from the text itself: the
 * words hold only letters, combining marks and digits, so quotes, operators, backslashes and
 * NULs cannot reach the tsquery parser. The last word is a prefix, as the user is typing it.
 * ASCII punctuation splits words here as it does in the indexed text (see the search column).
 */
export function searchTerms(raw: string): SearchTerms | null {
  if (raw.length > MAX_QUERY_CHARACTERS) {
    throw new AppError(
      'bad_request',
      `The search is too long (${MAX_QUERY_CHARACTERS} characters at most).`,
    );
  }
  const words = raw
    .normalize('NFC')
    .toLowerCase()
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter((word) => word !== '')
    .slice(0, MAX_QUERY_WORDS);
  if (words.length === 0) return null;
  const lexemes = words.map((word, index) =>
    index === words.length - 1 ? `'${word}':*` : `'${word}'`,
  );
  return { words, allWords: lexemes.join(' & '), anyWord: lexemes.join(' | ') };
}
