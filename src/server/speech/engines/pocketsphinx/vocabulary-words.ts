import type { TimedWord } from '../group-words-into-segments.js';

/**
 * How custom vocabulary meets PocketSphinx's lower-case dictionary: each term becomes its
 * dictionary words (lower case, split at spaces, outer punctuation off, inner hyphens and
 * apostrophes kept), and the decoder's words are given back the term's spelling as typed.
 */

/** `"Obi-Wan Kenobi,"` → `["obi-wan", "kenobi"]`. */
export function termWords(term: string): string[] {
  return term
    .toLocaleLowerCase('en-US')
    .split(/\s+/)
    .map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter((word) => word !== '');
}

/** Every dictionary word of the terms, once each, sorted: what a decoder must know for them. */
export function vocabularyWords(terms: readonly string[]): string[] {
  return [...new Set(terms.flatMap(termWords))].sort();
}

interface Spelling {
  words: string[];
  term: string;
}

/**
 * Rewrites the decoded words the terms cover in the terms' own spelling: a run of words that
 * spells a whole term becomes that term, one timed word; longer terms win, then earlier ones.
 */
export function spellAsTyped(words: readonly TimedWord[], terms: readonly string[]): TimedWord[] {
  const spellings: Spelling[] = terms
    .map((term) => ({ term, words: termWords(term) }))
    .filter((spelling) => spelling.words.length > 0)
    .sort((a, b) => b.words.length - a.words.length);
  if (spellings.length === 0) return [...words];
  const spelled: TimedWord[] = [];
  for (let index = 0; index < words.length;) {
    const match = spellings.find((spelling) =>
      spelling.words.every((word, offset) => words[index + offset]?.word === word),
    );
    const first = words[index] as TimedWord;
    if (!match) {
      spelled.push(first);
      index += 1;
      continue;
    }
    const last = words[index + match.words.length - 1] as TimedWord;
    const joined = words.slice(index, index + match.words.length);
    // A phrase is as sure as its least sure word.
    const confidence = Math.min(...joined.map((word) => word.confidence));
    spelled.push({ word: match.term, start: first.start, end: last.end, confidence });
    index += match.words.length;
  }
  return spelled;
}
