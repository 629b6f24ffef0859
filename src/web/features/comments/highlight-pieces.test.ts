import { describe, expect, it } from 'vitest';
import { highlightPieces } from './highlight-pieces';

const mark = (id: string, start: number, end: number) => ({ id, start, end, author: 'Ada' });

describe('highlightPieces', () => {
  it('cuts the text where highlights begin and end, overlaps included', () => {
    const pieces = highlightPieces('one two three', [mark('a', 0, 7), mark('b', 4, 13)]);
    expect(pieces.map((piece) => [piece.text, piece.highlights.map((h) => h.id)])).toEqual([
      ['one ', ['a']],
      ['two', ['a', 'b']],
      [' three', ['b']],
    ]);
  });

  it('cuts spans at the end of a shortened line and drops those past it', () => {
    const pieces = highlightPieces('short', [mark('a', 2, 40), mark('b', 9, 12)]);
    expect(pieces.map((piece) => [piece.text, piece.highlights.length])).toEqual([
      ['sh', 0],
      ['ort', 1],
    ]);
  });

  it('leaves a line without highlights whole', () => {
    expect(highlightPieces('plain', [])).toEqual([{ text: 'plain', highlights: [] }]);
  });
});
