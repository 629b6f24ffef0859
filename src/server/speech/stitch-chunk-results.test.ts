import { describe, expect, it } from 'vitest';
import { stitchChunkResults } from './stitch-chunk-results.js';

describe('stitchChunkResults', () => {
  it('moves segments to file time and keeps each inside its own chunk', () => {
    const chunks = [
      { startSample: 0, endSample: 160_000 },
      { startSample: 160_000, endSample: 400_000 },
    ];
    const stitched = stitchChunkResults(chunks, [
      {
        text: ' first part ',
        segments: [
          { start: 9.5, end: 10.4, text: 'overshoots' },
          { start: 1, end: 2, text: ' early ' },
        ],
      },
      {
        text: 'second part',
        segments: [
          { start: 0.25, end: 1.5, text: 'later' },
          { start: 3, end: 3.5, text: '  ' },
        ],
        language: 'en',
      },
    ]);
    expect(stitched).toEqual({
      text: 'first part second part',
      segments: [
        { start: 1, end: 2, text: 'early' },
        { start: 9.5, end: 10, text: 'overshoots' },
        { start: 10.25, end: 11.5, text: 'later' },
      ],
      language: 'en',
    });
  });
});
