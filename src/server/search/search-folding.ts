/**
 * How search compares text: accents off and lowercase, and Chinese, Japanese and Korean
 * characters matched inside runs written without spaces. The search column (see `db/schema.ts`)
 * does the same in SQL, with the same character ranges.
 */

import { CJK_CLASS } from '../db/search-column.js';

const CJK_CHARACTER = new RegExp(CJK_CLASS, 'u');
const CJK_RUNS = new RegExp(`(${CJK_CLASS}+)`, 'u');

export function isCjk(text: string): boolean {
  return CJK_CHARACTER.test(text);
}

/**
 * Lowercase, less the accents of Latin, Greek and Cyrillic letters (the combining diacritics
 * U+0300-U+036F after canonical decomposition): "Café" becomes "cafe". Other marks stay, so
 * Japanese voicing marks and Devanagari vowel signs keep their meaning.
 */
export function foldForSearch(text: string): string {
  // Most lines are plain ASCII: nothing to decompose.
  // eslint-disable-next-line no-control-regex
  if (/^[\u0000-\u007f]*$/.test(text)) return text.toLowerCase();
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC')
    .toLowerCase();
}

/** A word split into its runs of CJK characters and of other letters, in order. */
export function scriptPieces(word: string): string[] {
  return word.split(CJK_RUNS).filter((piece) => piece !== '');
}

/**
 * The lexemes the search column holds for a run of CJK characters, as a query must ask for them:
 * the overlapping pairs of characters (a single character, as a prefix of them).
 */
export function cjkBigrams(run: string): string[] {
  const characters = Array.from(run);
  if (characters.length === 1) return [];
  return characters.slice(0, -1).map((character, index) => character + characters[index + 1]);
}
