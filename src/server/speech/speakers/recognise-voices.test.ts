import { describe, expect, it } from 'vitest';
import { CEPSTRA } from './mel-cepstrum.js';
import { recogniseVoices, SAME_VOICE_BELOW, voiceDistance } from './recognise-voices.js';
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
});
