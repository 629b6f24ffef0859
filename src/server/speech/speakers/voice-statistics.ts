import { CEPSTRA } from './mel-cepstrum.js';
import { BLOCK_SECONDS } from './speaker-features.js';

/**
 * What is remembered of a voice: over its speech frames, the count and the sum and sum of squares
 * of each mel cepstrum (c1..c19). Sums, so statistics of several recordings simply add up; the
 * audio cannot be rebuilt from them.
 */
export interface VoiceStatistics {
  frames: number;
  sums: number[];
  squares: number[];
}

export interface TimeSpan {
  start: number;
  end: number;
}

export function emptyVoiceStatistics(): VoiceStatistics {
  return {
    frames: 0,
    sums: new Array<number>(CEPSTRA).fill(0),
    squares: new Array<number>(CEPSTRA).fill(0),
  };
}

export function addVoiceStatistics(
  total: VoiceStatistics,
  more: Pick<VoiceStatistics, 'frames' | 'sums' | 'squares'>,
): VoiceStatistics {
  return {
    frames: total.frames + more.frames,
    sums: total.sums.map((value, c) => value + (more.sums[c] ?? 0)),
    squares: total.squares.map((value, c) => value + (more.squares[c] ?? 0)),
  };
}

/** The statistics of the quarter seconds (as `SpeakerFeatures` sums them) whose middle is in a span. */
export function voiceStatisticsOver(
  blocks: readonly (Float64Array | null)[],
  spans: readonly TimeSpan[],
): VoiceStatistics {
  const total = emptyVoiceStatistics();
  const counted = new Set<number>();
  for (const span of spans) {
    const first = Math.max(0, Math.ceil(span.start / BLOCK_SECONDS - 0.5));
    const last = Math.min(blocks.length, Math.ceil(span.end / BLOCK_SECONDS - 0.5));
    for (let index = first; index < last; index += 1) {
      const block = blocks[index];
      if (!block || counted.has(index)) continue;
      counted.add(index);
      total.frames += block[0]!;
      for (let c = 0; c < CEPSTRA; c += 1) {
        total.sums[c]! += block[1 + c]!;
        total.squares[c]! += block[1 + CEPSTRA + c]!;
      }
    }
  }
  return total;
}
