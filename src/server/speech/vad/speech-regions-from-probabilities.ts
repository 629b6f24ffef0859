import { PCM_SAMPLE_RATE } from '../audio/pcm-format.js';
import type { SpeechRegion } from './speech-region.js';

export interface RegionSettings {
  /** A frame at or above this starts speech. */
  onThreshold: number;
  /** Speech ends once frames stay below this for `minSilenceSeconds`. */
  offThreshold: number;
  minSilenceSeconds: number;
  /** Shorter bursts (a click, a cough, a drum hit) are not speech. */
  minSpeechSeconds: number;
  /** Kept either side of each region, so the first and last sounds of a word are not cut. */
  padSeconds: number;
}

/**
 * Silero's own defaults, with a longer silence before speech ends and wider padding: a chunk
 * should hold a whole phrase, and an engine needs a little quiet either side of a word.
 */
export const DEFAULT_REGION_SETTINGS: RegionSettings = {
  onThreshold: 0.5,
  offThreshold: 0.35,
  minSilenceSeconds: 0.3,
  minSpeechSeconds: 0.25,
  padSeconds: 0.2,
};

/**
 * Turns per-frame speech probabilities, given one at a time in order, into speech regions
 * (Silero's hysteresis), so a recording of hours never holds its probabilities in memory.
 */
export class SpeechRegionTracker {
  private readonly raw: SpeechRegion[] = [];
  private speechStart: number | undefined;
  private silenceStart: number | undefined;
  private position = 0;

  constructor(
    private readonly frameSamples: number,
    private readonly settings: RegionSettings = DEFAULT_REGION_SETTINGS,
  ) {}

  push(probability: number): void {
    const frameStart = this.position;
    this.position += this.frameSamples;
    const { onThreshold, offThreshold, minSilenceSeconds } = this.settings;
    if (this.speechStart === undefined) {
      if (probability >= onThreshold) this.speechStart = frameStart;
      return;
    }
    if (probability >= onThreshold) {
      this.silenceStart = undefined;
      return;
    }
    if (probability >= offThreshold) return;
    this.silenceStart ??= frameStart;
    if (this.position - this.silenceStart >= minSilenceSeconds * PCM_SAMPLE_RATE) {
      this.close(this.silenceStart);
    }
  }

  /** The regions of everything pushed, padded, merged where padding meets, inside the recording. */
  finish(sampleCount: number): SpeechRegion[] {
    if (this.speechStart !== undefined) this.close(this.silenceStart ?? this.position);
    const pad = Math.round(this.settings.padSeconds * PCM_SAMPLE_RATE);
    const regions: SpeechRegion[] = [];
    for (const region of this.raw) {
      const startSample = Math.max(0, region.startSample - pad);
      const endSample = Math.min(sampleCount, region.endSample + pad);
      if (endSample <= startSample) continue;
      const last = regions.at(-1);
      if (last && startSample <= last.endSample)
        last.endSample = Math.max(last.endSample, endSample);
      else regions.push({ startSample, endSample });
    }
    return regions;
  }

  private close(endSample: number): void {
    const startSample = this.speechStart ?? endSample;
    this.speechStart = undefined;
    this.silenceStart = undefined;
    if (endSample - startSample >= this.settings.minSpeechSeconds * PCM_SAMPLE_RATE)
      this.raw.push({ startSample, endSample });
  }
}
