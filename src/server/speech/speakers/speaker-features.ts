import { PCM_SAMPLE_RATE } from '../audio/pcm-format.js';
import { CEPSTRA, FRAME_HOP_SAMPLES, FRAME_SAMPLES, melCepstrum } from './mel-cepstrum.js';

/** Speech is summed in blocks of a quarter second: the finest time a speaker change is placed at. */
export const BLOCK_SECONDS = 0.25;
const BLOCK_SAMPLES = BLOCK_SECONDS * PCM_SAMPLE_RATE;
/** Per block: speech frames, then the sum and the sum of squares of each cepstrum. */
export const BLOCK_VALUES = 1 + 2 * CEPSTRA;

/**
 * A frame is speech when it is louder than its chunk's quiet floor by this share of the chunk's
 * range between quiet (10th percentile) and loud (95th).
 */
const SPEECH_SHARE_OF_RANGE = 0.3;
/** Below this (dB of 16-bit samples, about -70 dBFS) a frame is silence whatever its chunk. */
const SILENCE_DB = 20;

function percentile(values: Float32Array, share: number): number {
  const sorted = Float32Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;
}

/**
 * Speaker features of one recording, gathered chunk by chunk as the audio is decoded (in any
 * order): for each quarter second, the sums of the mel cepstra of its speech frames. Memory grows
 * with the recording's length by these few numbers per block, never by the audio itself.
 */
export class SpeakerFeatures {
  private readonly blocks = new Map<number, Float64Array>();

  /** Adds the samples that start at `startSample` of the recording. */
  addChunk(startSample: number, samples: Int16Array): void {
    const frames = melCepstrum(samples);
    if (frames.count === 0) return;
    const quiet = percentile(frames.energyDb, 0.1);
    const loud = percentile(frames.energyDb, 0.95);
    const threshold = Math.max(SILENCE_DB, quiet + SPEECH_SHARE_OF_RANGE * (loud - quiet));
    for (let frame = 0; frame < frames.count; frame += 1) {
      if (frames.energyDb[frame]! < threshold) continue;
      const centre = startSample + frame * FRAME_HOP_SAMPLES + FRAME_SAMPLES / 2;
      const index = Math.floor(centre / BLOCK_SAMPLES);
      let block = this.blocks.get(index);
      if (!block) {
        block = new Float64Array(BLOCK_VALUES);
        this.blocks.set(index, block);
      }
      block[0] = block[0]! + 1;
      for (let c = 0; c < CEPSTRA; c += 1) {
        const value = frames.cepstra[frame * CEPSTRA + c]!;
        block[1 + c] = block[1 + c]! + value;
        block[1 + CEPSTRA + c] = block[1 + CEPSTRA + c]! + value * value;
      }
    }
  }

  /** Blocks from the first to the last that holds speech; a block without speech is null. */
  timeline(): (Float64Array | null)[] {
    if (this.blocks.size === 0) return [];
    const last = Math.max(...this.blocks.keys());
    return Array.from({ length: last + 1 }, (_, index) => this.blocks.get(index) ?? null);
  }
}
