import { describe, expect, it } from 'vitest';
import { LONG_PARAGRAPH_WORDS, pauseParagraphs } from './pause-paragraphs';

const line = (start: number, end: number, text: string) => ({ start, end, text });

describe('paragraphs at pauses', () => {
  it('starts a new paragraph where the speaker paused', () => {
    const lines = [
      line(0, 2, 'Good morning.'),
      line(2.3, 4, 'Thanks for coming.'),
      line(6, 8, 'Let us begin with the budget.'),
    ];
    expect(pauseParagraphs(lines)).toEqual([
      'Good morning. Thanks for coming.',
      'Let us begin with the budget.',
    ]);
  });

  it('keeps lines separated by short pauses together and leaves empty lines out', () => {
    const lines = [
      line(0, 1, 'one'),
      line(1.2, 2, '  '),
      line(2.2, 3, 'two'),
      line(3.1, 4, 'three'),
    ];
    expect(pauseParagraphs(lines)).toEqual(['one two three']);
  });

  it('ends a long paragraph at the next sentence end even without a pause', () => {
    const long = Array.from({ length: LONG_PARAGRAPH_WORDS }, () => 'word').join(' ');
    const lines = [line(0, 30, `${long} and so on.`), line(30.1, 32, 'Next thought here.')];
    expect(pauseParagraphs(lines)).toEqual([`${long} and so on.`, 'Next thought here.']);
  });

  it('ends a long unpunctuated paragraph at a short pause, not mid-flow', () => {
    const long = Array.from({ length: LONG_PARAGRAPH_WORDS }, () => 'word').join(' ');
    const lines = [
      line(0, 30, long),
      line(30.05, 31, 'still going'),
      line(31.7, 33, 'after a breath'),
    ];
    expect(pauseParagraphs(lines)).toEqual([`${long} still going`, 'after a breath']);
  });

  it('gives nothing for a transcript without words', () => {
    expect(pauseParagraphs([line(0, 1, '')])).toEqual([]);
  });
});
