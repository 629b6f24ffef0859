import { describe, expect, it } from 'vitest';
import { assignSpeakers } from './assign-speakers.js';

describe('assignSpeakers', () => {
  it('names voices in the order they first speak, whatever their numbers', () => {
    const turns = [
      { start: 0, end: 3, speaker: 4 },
      { start: 3.5, end: 6, speaker: 1 },
      { start: 6.5, end: 9, speaker: 4 },
    ];
    const segments = assignSpeakers(
      [
        { start: 0.2, end: 2.8, text: 'hello there' },
        { start: 3.6, end: 5.9, text: 'good morning' },
        { start: 6.6, end: 8.9, text: 'how are you' },
      ],
      turns,
    );
    expect(segments.map((segment) => segment.speaker)).toEqual([
      'Speaker 1',
      'Speaker 2',
      'Speaker 1',
    ]);
  });

  it('cuts a segment where the voice changes, between words', () => {
    const segments = assignSpeakers(
      [{ start: 0, end: 8, text: 'one two three four five six seven eight' }],
      [
        { start: 0, end: 3.9, speaker: 0 },
        { start: 4.1, end: 8, speaker: 1 },
      ],
    );
    expect(segments).toMatchObject([
      { start: 0, end: 4, text: 'one two three four', speaker: 'Speaker 1' },
      { start: 4, end: 8, text: 'five six seven eight', speaker: 'Speaker 2' },
    ]);
  });

  it('cuts between the words whose own times lie either side of the change, and keeps them', () => {
    const word = (text: string, start: number, end: number) => ({
      word: text,
      start,
      end,
      confidence: 0.8,
    });
    // By length alone "quick" would fall before the change at 2 s; by its time it is after it.
    const words = [word('a', 0, 0.2), word('quick', 2.2, 2.6), word('reply', 2.7, 3.4)];
    const segments = assignSpeakers(
      [{ start: 0, end: 3.4, text: 'a quick reply', words }],
      [
        { start: 0, end: 1.9, speaker: 0 },
        { start: 2.1, end: 3.4, speaker: 1 },
      ],
    );
    expect(segments).toEqual([
      { start: 0, end: 2, text: 'a', speaker: 'Speaker 1', words: [words[0]] },
      { start: 2, end: 3.4, text: 'quick reply', speaker: 'Speaker 2', words: words.slice(1) },
    ]);
  });

  it('does not cut off a piece shorter than a second', () => {
    const segments = assignSpeakers(
      [{ start: 0, end: 5, text: 'a few words said here' }],
      [
        { start: 0, end: 4.5, speaker: 0 },
        { start: 4.6, end: 5, speaker: 1 },
      ],
    );
    expect(segments).toMatchObject([
      { start: 0, end: 5, text: 'a few words said here', speaker: 'Speaker 1' },
    ]);
  });

  it('gives a segment no voice covers the speaker before it', () => {
    const segments = assignSpeakers(
      [
        { start: 0, end: 2, text: 'first' },
        { start: 2.5, end: 3, text: 'second' },
        { start: 4, end: 6, text: 'third' },
      ],
      [
        { start: 0, end: 2, speaker: 0 },
        { start: 4, end: 6, speaker: 1 },
      ],
    );
    expect(segments.map((segment) => segment.speaker)).toEqual([
      'Speaker 1',
      'Speaker 1',
      'Speaker 2',
    ]);
  });

  it('gives every segment Speaker 1 when no speech was found', () => {
    expect(assignSpeakers([{ start: 0, end: 1, text: 'hm' }], [])).toEqual([
      { start: 0, end: 1, text: 'hm', speaker: 'Speaker 1' },
    ]);
  });
});
