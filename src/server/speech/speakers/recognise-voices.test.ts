import { describe, expect, it } from 'vitest';
import { CEPSTRA } from './mel-cepstrum.js';
import {
  nameLines,
  OTHER_VOICES_FARTHER_BY,
  recogniseVoices,
  SAME_VOICE_BELOW,
  voiceDistance,
} from './recognise-voices.js';
import { BLOCK_SECONDS, BLOCK_VALUES } from './speaker-features.js';
import type { VoiceStatistics } from './voice-statistics.js';

/** Statistics of `frames` frames with this mean and a spread of 1 in every cepstrum. */
function voice(mean: number, frames = 500): VoiceStatistics {
  return {
    frames,
    sums: new Array<number>(CEPSTRA).fill(mean * frames),
    squares: new Array<number>(CEPSTRA).fill((mean * mean + 1) * frames),
  };
}

describe('recogniseVoices', () => {
  it('measures a voice as itself at distance 0, and farther as the means part', () => {
    expect(voiceDistance(voice(1), voice(1))).toBeCloseTo(0);
    expect(voiceDistance(voice(0), voice(0.1))).toBeCloseTo(0.1 * Math.sqrt(CEPSTRA));
  });

  it('names a voice only when a known voice is close enough', () => {
    const close = SAME_VOICE_BELOW / Math.sqrt(CEPSTRA) / 2;
    const far = (2 * SAME_VOICE_BELOW) / Math.sqrt(CEPSTRA);
    const known = [{ name: 'Ada', statistics: voice(0) }];
    expect(recogniseVoices(new Map([['Speaker 1', voice(close)]]), known)).toEqual(
      new Map([['Speaker 1', 'Ada']]),
    );
    expect(recogniseVoices(new Map([['Speaker 1', voice(far)]]), known)).toEqual(new Map());
  });

  it('gives each name once, to the closest voice, and each voice its closest name', () => {
    const step = SAME_VOICE_BELOW / Math.sqrt(CEPSTRA) / 4;
    const heard = new Map([
      ['Speaker 1', voice(step)],
      ['Speaker 2', voice(0)],
    ]);
    const names = recogniseVoices(heard, [
      { name: 'Ada', statistics: voice(0) },
      { name: 'Grace', statistics: voice(2 * step) },
    ]);
    expect(names).toEqual(
      new Map([
        ['Speaker 2', 'Ada'],
        ['Speaker 1', 'Grace'],
      ]),
    );
    const one = recogniseVoices(heard, [{ name: 'Ada', statistics: voice(0) }]);
    expect(one).toEqual(new Map([['Speaker 2', 'Ada']]));
  });

  it('does not compare a voice heard for less than a second', () => {
    const known = [{ name: 'Ada', statistics: voice(0) }];
    expect(recogniseVoices(new Map([['Speaker 1', voice(0, 50)]]), known)).toEqual(new Map());
  });

  const step = SAME_VOICE_BELOW / Math.sqrt(CEPSTRA) / 4;
  /** Quarter seconds of 25 frames with this mean and a spread of 1 in every cepstrum. */
  const block = (mean: number) => {
    const values = new Float64Array(BLOCK_VALUES);
    values[0] = 25;
    for (let c = 0; c < CEPSTRA; c += 1) {
      values[1 + c] = mean * 25;
      values[1 + CEPSTRA + c] = (mean * mean + 1) * 25;
    }
    return values;
  };

  it('leaves unnamed the lines of a recognised speaker that are closer to another known voice', () => {
    // Detection heard Ada for 6 s and Grace for 2 s as one voice.
    const blocks = [...new Array<number>(24).fill(0), ...new Array<number>(8).fill(3 * step)].map(
      block,
    );
    const lines = [
      { start: 0, end: 24 * BLOCK_SECONDS, speaker: 'Speaker 1' },
      { start: 24 * BLOCK_SECONDS, end: 32 * BLOCK_SECONDS, speaker: 'Speaker 1' },
    ];
    const known = [
      { name: 'Ada', statistics: voice(0) },
      { name: 'Grace', statistics: voice(3 * step) },
    ];
    expect(nameLines(blocks, lines, known)).toEqual(['Ada', undefined]);
    expect(nameLines(blocks, lines, known.slice(0, 1))).toEqual(['Ada', 'Ada']);
  });

  it('leaves unnamed a line about as close to another known voice as to its own', () => {
    // Ada's 6 s, then 2 s a little nearer Ada than Grace: 0.95 and 1.05 steps away.
    const blocks = [
      ...new Array<number>(24).fill(0),
      ...new Array<number>(8).fill(0.95 * step),
    ].map(block);
    const lines = [
      { start: 0, end: 24 * BLOCK_SECONDS, speaker: 'Speaker 1' },
      { start: 24 * BLOCK_SECONDS, end: 32 * BLOCK_SECONDS, speaker: 'Speaker 1' },
    ];
    const known = [
      { name: 'Ada', statistics: voice(0) },
      { name: 'Grace', statistics: voice(2 * step) },
    ];
    expect(1.05 / 0.95).toBeLessThan(OTHER_VOICES_FARTHER_BY);
    expect(nameLines(blocks, lines, known)).toEqual(['Ada', undefined]);
    // Clearly nearer Ada (0.3 and 1.7 steps away), or with no other voice known: named.
    const nearer = [...new Array<number>(24).fill(0), ...new Array<number>(8).fill(0.3 * step)];
    expect(nameLines(nearer.map(block), lines, known)).toEqual(['Ada', 'Ada']);
    expect(nameLines(blocks, lines, known.slice(0, 1))).toEqual(['Ada', 'Ada']);
  });
});
