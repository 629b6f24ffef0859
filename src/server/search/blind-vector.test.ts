import { describe, expect, it } from 'vitest';
import { blindVectorText, VECTOR_BUDGET_BYTES, type BlindTokens } from './blind-vector.js';

/** A token like the index's: 16 hex characters, naming its kind and number. */
const token = (kind: string, index: number) =>
  `${kind}${index.toString(16).padStart(8, '0')}`.padStart(16, '0');

/** `words` distinct words, each with its 12 prefixes, each at `positionsPerWord` places. */
function tokensOf(words: number, positionsPerWord: number): BlindTokens {
  const tokens: BlindTokens = { words: new Map(), prefixes: new Map() };
  for (let index = 0; index < words; index++) {
    const positions = new Map<number, string>();
    for (let at = 0; at < positionsPerWord; at++) positions.set(index + at * words + 1, 'B');
    tokens.words.set(token('a', index), positions);
    for (let characters = 1; characters <= 12; characters++)
      tokens.prefixes.set(token(`b${characters.toString(16)}`, index), {
        characters,
        positions: new Map(positions),
      });
  }
  return tokens;
}

/** Each written token with how many positions it kept. */
function parse(vector: string): Map<string, number> {
  return new Map(
    vector.split(' ').map((entry) => {
      const [quoted = '', positions] = entry.split(':');
      return [quoted.slice(1, -1), positions === undefined ? 0 : positions.split(',').length];
    }),
  );
}

const byteLength = (vector: string) => Buffer.byteLength(vector);

describe('the blind index as tsvector text', () => {
  it('writes every token with its positions and weights when they fit', () => {
    const tokens: BlindTokens = {
      words: new Map([
        [
          '0123456789abcdef',
          new Map([
            [3, 'B'],
            [1, 'A'],
            [7, 'D'],
          ]),
        ],
      ]),
      prefixes: new Map([['fedcba9876543210', { characters: 1, positions: new Map([[1, 'A']]) }]]),
    };
    expect(blindVectorText(tokens)).toBe("'0123456789abcdef':1A,3B,7 'fedcba9876543210':1A");
    const written = parse(blindVectorText(tokensOf(2_000, 3)));
    expect(written.size).toBe(2_000 * 13);
    expect([...written.values()].every((positions) => positions === 3)).toBe(true);
  });

  it('a long transcript of few words: prefixes lose their positions, words keep 16', () => {
    const written = parse(blindVectorText(tokensOf(3_000, 300)));
    expect(written.size).toBe(3_000 * 13);
    expect(written.get(token('a', 2_999))).toBe(16);
    expect(written.get(token('bc', 2_999))).toBe(0);
  });

  it('a huge transcript of many words: every word still found, long prefixes give way', () => {
    const vector = blindVectorText(tokensOf(20_000, 20));
    expect(byteLength(vector)).toBeLessThan(2 * VECTOR_BUDGET_BYTES);
    const written = parse(vector);
    let words = 0;
    for (let index = 0; index < 20_000; index++) if (written.has(token('a', index))) words++;
    expect(words).toBe(20_000);
    expect(written.get(token('a', 0))).toBe(0);
    expect(written.has(token('b1', 19_999))).toBe(true);
    expect(written.has(token('b2', 0))).toBe(false);
  });

  it('drops the tokens past the budget when even bare words do not fit', () => {
    const written = parse(blindVectorText(tokensOf(60_000, 1)));
    expect(written.size).toBeGreaterThan(30_000);
    expect(written.size).toBeLessThan(60_000);
    expect([...written.values()].every((positions) => positions === 0)).toBe(true);
  });
});
