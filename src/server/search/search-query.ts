import { AppError } from '../errors/app-error.js';
import { cjkBigrams, foldForSearch, isCjk, scriptPieces } from './search-folding.js';

export const MAX_QUERY_CHARACTERS = 200;
export const MAX_QUERY_WORDS = 12;

export interface SearchTerms {
  /** The words, lowercased and without accents, in the order typed. */
  words: string[];
  /** Every word, the last as a prefix: what the results must contain. */
  lexemes: QueryLexeme[];
}

/** A lexeme the search index must hold, or with `prefix`, one it must hold a word starting with. */
export interface QueryLexeme {
  text: string;
  prefix: boolean;
}

/** A word's lexemes: CJK runs as their character pairs, other letters as they are. */
function lexemesOf(word: string, isLast: boolean): QueryLexeme[] {
  const pieces = scriptPieces(word);
  return pieces.flatMap((piece, index) => {
    const lastPiece = isLast && index === pieces.length - 1;
    if (!isCjk(piece)) return [{ text: piece, prefix: lastPiece }];
    const pairs = cjkBigrams(piece);
    // One character: the first of a pair, or the last of its run (which the column holds alone).
    return pairs.length === 0
      ? [{ text: piece, prefix: true }]
      : pairs.map((pair) => ({ text: pair, prefix: false }));
  });
}

/**
 * The lexemes asked for, from the words of what the user typed (letters, combining marks and
 * digits only); `blind-tokens.ts` turns them into the index's hashed tokens. The last word is a
 * prefix, as the user is typing it.
 * ASCII punctuation splits words here as it does in the indexed text (see the search column);
 * accents are dropped and CJK is asked for by character pairs, as the column holds them.
 */
export function searchTerms(raw: string): SearchTerms | null {
  if (raw.length > MAX_QUERY_CHARACTERS) {
    throw new AppError(
      'bad_request',
      `The search is too long (${MAX_QUERY_CHARACTERS} characters at most).`,
    );
  }
  const words = foldForSearch(raw)
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter((word) => word !== '')
    .slice(0, MAX_QUERY_WORDS);
  if (words.length === 0) return null;
  const lexemes = words.flatMap((word, index) => lexemesOf(word, index === words.length - 1));
  return { words, lexemes };
}
