import { describe, expect, it } from 'vitest';
import { placeAlignedWords } from '../speech/engines/place-aligned-words.js';
import { wordsAfterEdit } from './words-after-edit.js';

const word = (text: string, start: number, end: number, confidence = 0.4) => ({
  word: text,
  start,
  end,
  confidence,
});

describe('words after an edit', () => {
  const current = [
    {
      start: 0,
      end: 2,
      text: 'one two',
      speaker: 'A',
      words: [word('one', 0, 0.8), word('two', 1, 2)],
    },
    { start: 2, end: 4, text: 'three', speaker: 'A', words: [word('three', 2.5, 3.5)] },
  ];

  it('keeps the words of unchanged lines, moves them with moved times, spreads rewritten ones', () => {
    const after = wordsAfterEdit(
      [
        { start: 0, end: 2, text: 'one too', speaker: 'A' },
        { start: 3, end: 5, text: 'three', speaker: 'A' },
      ],
      current,
    );
    expect(after[0]).toMatchObject({ text: 'one too', wordsToAlign: true });
    expect(after[0]!.words!.map((w) => [w.word, w.confidence])).toEqual([
      ['one', 1],
      ['too', 1],
    ]);
    expect(after[1]).toEqual({ ...current[1], start: 3, end: 5, words: [word('three', 3.5, 4.5)] });
  });

  it('places words the aligner could not between their neighbours, inside the line', () => {
    const words = placeAlignedWords(
      { start: 10, end: 12, text: 'we met Zyxwv today' },
      [word('we', 0.3, 0.5, 1), word('met', 0.5, 0.8, 1), null, word('today', 1.4, 1.9, 1)],
      10,
    );
    expect(words.map((w) => [w.word, w.start, w.end])).toEqual([
      ['we', 10.3, 10.5],
      ['met', 10.5, 10.8],
      ['Zyxwv', 10.8, 11.4],
      ['today', 11.4, 11.9],
    ]);
    expect(placeAlignedWords({ start: 0, end: 1, text: 'a b' }, null, 0)).toHaveLength(2);
  });
});
