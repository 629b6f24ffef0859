import { currentFieldKey, keyedHash } from '../db/encryption/field-keys.js';
import type { QueryLexeme } from './search-query.js';

/** Prefixes up to this many characters are indexed as tokens of their own. */
export const PREFIX_CHARACTERS = 12;
const TOKEN_HEX = 16;

/** The index's token for a whole lexeme. */
export function wordToken(lexeme: string): string {
  return keyedHash(currentFieldKey().index, lexeme, TOKEN_HEX);
}

/** The index's token for a prefix (of at most `PREFIX_CHARACTERS` characters). */
export function prefixToken(prefix: string): string {
  return keyedHash(currentFieldKey().index, `p:${prefix}`, TOKEN_HEX);
}

/** Every prefix of the lexeme, up to `PREFIX_CHARACTERS` characters, the lexeme itself included. */
export function prefixesOf(lexeme: string): string[] {
  const characters = Array.from(lexeme).slice(0, PREFIX_CHARACTERS);
  return characters.map((_, index) => characters.slice(0, index + 1).join(''));
}

export interface BlindQuery {
  /**
   * tsquery text of hashed tokens, to be cast (`::tsquery`), not parsed by `to_tsquery`: a
   * text-search parser could split a hex token that looks like a number.
   */
  tsquery: string;
  /**
   * Prefixes longer than the index holds: the index finds their first `PREFIX_CHARACTERS`
   * characters, and the hits must be checked for the whole prefix.
   */
  longPrefixes: string[];
}

export function blindQuery(lexemes: readonly QueryLexeme[]): BlindQuery {
  const longPrefixes: string[] = [];
  const terms = lexemes.map((lexeme) => {
    const word = `'${wordToken(lexeme.text)}'`;
    if (!lexeme.prefix) return word;
    const characters = Array.from(lexeme.text);
    if (characters.length > PREFIX_CHARACTERS) longPrefixes.push(lexeme.text);
    // Or the whole word: the index of a huge transcript may keep its words but not their
    // prefixes (blind-vector.ts).
    return `('${prefixToken(characters.slice(0, PREFIX_CHARACTERS).join(''))}' | ${word})`;
  });
  return { tsquery: terms.join(' & '), longPrefixes };
}
