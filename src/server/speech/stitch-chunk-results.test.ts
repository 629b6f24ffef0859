import { describe, expect, it } from 'vitest';
import { stitchChunkResults } from './stitch-chunk-results.js';

describe('stitchChunkResults', () => {
  it('moves segments to file time and fits them inside their own chunk, without zero-length ones', () => {
    const chunks = [
      { startSample: 0, endSample: 160_000 },
      { startSample: 160_000, endSample: 400_000 },
    ];
    const stitched = stitchChunkResults(chunks, [
      {
        text: ' first part ',
        segments: [
          { start: 9.5, end: 10.4, text: 'overshoots' },
          { start: 10.5, end: 11, text: 'beyond' },
          { start: 1, end: 2.5, text: ' early ' },
        ],
      },
      {
        text: 'second part',
        segments: [
          { start: 0.25, end: 1.5, text: 'later' },
          { start: 1.2, end: 2, text: 'overlapping' },
          { start: 3, end: 3.5, text: '  ' },
        ],
        language: 'en',
      },
    ]);
    expect(stitched).toMatchObject({
      text: 'first part second part',
      segments: [
        { start: 1, end: 2.5, text: 'early' },
        { start: 9.5, end: 10, text: 'overshoots beyond' },
        { start: 10.25, end: 11.2, text: 'later' },
        { start: 11.2, end: 12, text: 'overlapping' },
      ],
      language: 'en',
    });
  });
});

describe('stitchChunkResults with timed words', () => {
  it('moves word times with their chunk, and keeps them inside their fitted segment', () => {
    const word = (text: string, start: number, end: number) => ({
      word: text,
      start,
      end,
      confidence: 0.5,
    });
    const stitched = stitchChunkResults(
      [
        { startSample: 0, endSample: 160_000 },
        { startSample: 160_000, endSample: 320_000 },
      ],
      [
        { text: '', segments: [] },
        {
          text: 'late words',
          segments: [
            {
              start: 1,
              end: 12,
              text: 'late words',
              words: [word('late', 1, 1.5), word('words', 9.8, 11)],
            },
          ],
        },
      ],
    );
    expect(stitched.segments).toEqual([
      {
        start: 11,
        end: 20,
        text: 'late words',
        words: [word('late', 11, 11.5), word('words', 19.8, 20)],
      },
    ]);
  });
});
