import { describe, expect, it } from 'vitest';
import { transcriptionHitHref } from './start-time';

describe('transcriptionHitHref', () => {
  it('opens the transcript at the hit, to a tenth of a second', () => {
    expect(transcriptionHitHref('id-1', 12.345)).toBe('/transcription/id-1?t=12.3');
    expect(transcriptionHitHref('id-1', 0)).toBe('/transcription/id-1?t=0');
  });

  it('carries the words searched for, so the transcript marks them', () => {
    expect(transcriptionHitHref('id-1', 4, ' four five ')).toBe(
      '/transcription/id-1?t=4&q=four+five',
    );
    expect(transcriptionHitHref('id-1', null, 'budget')).toBe('/transcription/id-1?q=budget');
    expect(transcriptionHitHref('id-1', 4, '  ')).toBe('/transcription/id-1?t=4');
  });

  it('opens the top when only the file name matched', () => {
    expect(transcriptionHitHref('id 2', null)).toBe('/transcription/id%202');
  });
});
