import { describe, expect, it } from 'vitest';
import { spellAsTyped, termWords, vocabularyWords } from './vocabulary-words.js';

const timed = (...words: string[]) =>
  words.map((word, index) => ({ word, start: index, end: index + 0.5, confidence: 0.9 }));

describe('vocabulary words', () => {
  it("are a term's lower-case dictionary words, inner hyphens and apostrophes kept", () => {
    expect(termWords('Obi-Wan Kenobi,')).toEqual(['obi-wan', 'kenobi']);
    expect(termWords("  Mak'st  ")).toEqual(["mak'st"]);
    expect(termWords('Dr. Ng')).toEqual(['dr', 'ng']);
    expect(termWords('—')).toEqual([]);
    expect(vocabularyWords(['Subiaco', 'subiaco', 'Sweynheim and Pannartz'])).toEqual([
      'and',
      'pannartz',
      'subiaco',
      'sweynheim',
    ]);
  });

  it('come back spelled as typed, a whole multi-word term as one', () => {
    const words = timed('in', 'sweynheim', 'and', 'pannartz', 'obi-wan', 'kenobi', 'kenobi');
    expect(spellAsTyped(words, ['Sweynheim', 'Obi-Wan Kenobi', 'Kenobi'])).toEqual([
      { word: 'in', start: 0, end: 0.5, confidence: 0.9 },
      { word: 'Sweynheim', start: 1, end: 1.5, confidence: 0.9 },
      { word: 'and', start: 2, end: 2.5, confidence: 0.9 },
      { word: 'pannartz', start: 3, end: 3.5, confidence: 0.9 },
      { word: 'Obi-Wan Kenobi', start: 4, end: 5.5, confidence: 0.9 },
      { word: 'Kenobi', start: 6, end: 6.5, confidence: 0.9 },
    ]);
    expect(spellAsTyped(words, [])).toEqual(words);
  });
});
