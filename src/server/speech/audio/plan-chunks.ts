import { open } from 'node:fs/promises';
import { PCM_SAMPLE_RATE } from './pcm-format.js';

export interface PcmChunk {
  /** Inclusive. */
  startSample: number;
  /** Exclusive. */
  endSample: number;
}

/** A place where the speech engine itself would end an utterance, and the pause that follows. */
export interface PreferredCut {
  sample: number;
  pauseSamples: number;
}

export interface PlanChunksOptions {
  /** No chunk is longer than this. */
  maxChunkSeconds?: number;
  /** Each cut goes at the quietest point of this last stretch before the limit. */
  searchSeconds?: number;
  /**
   * Cuts land on multiples of this many samples, so an engine that reads fixed blocks sees the
   * same blocks in a chunk as it would in the whole recording.
   */
  gridSamples?: number;
  /**
   * Used instead of the quietest point when one lies in the search stretch: the one with the
   * longest pause after it (the latest of equal ones).
   */
  preferredCuts?: readonly PreferredCut[];
  /**
   * The first chunk is no longer than this (cut at a pause in its second half), so the first
   * words of a long recording are ready in seconds; the rest keep `maxChunkSeconds`. Recordings
   * under twice this length are not cut for it.
   */
  firstChunkSeconds?: number;
}

export const DEFAULT_MAX_CHUNK_SECONDS = 60;
/** About a sentence or two: short enough to show words soon, long enough to be worth a call. */
export const FIRST_CHUNK_SECONDS = 10;
const DEFAULT_SEARCH_SECONDS = 15;
/** 20 ms frames: fine enough to find the gap between two words. */
export const ENERGY_FRAME_SAMPLES = 320;
/** Energy is averaged over ±200 ms, so a cut prefers the middle of a pause over a stop consonant. */
const SMOOTHING_FRAMES = 10;
const READ_BYTES = ENERGY_FRAME_SAMPLES * 2 * 1600;

/** Splits a 16 kHz mono s16le PCM file into chunks, cutting in the quietest places. */
export async function planChunks(
  pcmPath: string,
  options: PlanChunksOptions = {},
): Promise<PcmChunk[]> {
  const { frameEnergy, sampleCount } = await measureFrameEnergy(pcmPath);
  return planChunksFromEnergy(frameEnergy, sampleCount, options);
}

export interface FrameEnergy {
  /** Mean square amplitude of each 20 ms frame; the last frame may be shorter. */
  frameEnergy: Float32Array;
  sampleCount: number;
}

/** Reads the file in fixed blocks so a file of hours costs megabytes of memory, not gigabytes. */
export async function measureFrameEnergy(pcmPath: string): Promise<FrameEnergy> {
  const handle = await open(pcmPath, 'r');
  try {
    const { size } = await handle.stat();
    const sampleCount = Math.floor(size / 2);
    const frameEnergy = new Float32Array(Math.ceil(sampleCount / ENERGY_FRAME_SAMPLES));
    const samples = new Int16Array(READ_BYTES / 2);
    const bytes = Buffer.from(samples.buffer);
    let samplesDone = 0;
    while (samplesDone < sampleCount) {
      const wanted = Math.min(READ_BYTES, (sampleCount - samplesDone) * 2);
      let filled = 0;
      while (filled < wanted) {
        const { bytesRead } = await handle.read(
          bytes,
          filled,
          wanted - filled,
          samplesDone * 2 + filled,
        );
        if (bytesRead === 0) break;
        filled += bytesRead;
      }
      const blockSamples = Math.floor(filled / 2);
      if (blockSamples === 0) break;
      // Blocks hold whole frames, so each block starts on a frame boundary.
      for (let offset = 0; offset < blockSamples; offset += ENERGY_FRAME_SAMPLES) {
        const end = Math.min(offset + ENERGY_FRAME_SAMPLES, blockSamples);
        let sum = 0;
        for (let index = offset; index < end; index += 1) {
          const value = samples[index] ?? 0;
          sum += value * value;
        }
        frameEnergy[(samplesDone + offset) / ENERGY_FRAME_SAMPLES] = sum / (end - offset);
      }
      samplesDone += blockSamples;
    }
    return { frameEnergy, sampleCount };
  } finally {
    await handle.close();
  }
}

export function planChunksFromEnergy(
  frameEnergy: Float32Array,
  sampleCount: number,
  options: PlanChunksOptions = {},
): PcmChunk[] {
  const maxChunkSeconds = options.maxChunkSeconds ?? DEFAULT_MAX_CHUNK_SECONDS;
  const maxChunkSamples = Math.max(
    ENERGY_FRAME_SAMPLES,
    Math.round(maxChunkSeconds * PCM_SAMPLE_RATE),
  );
  const searchSeconds = Math.min(
    options.searchSeconds ?? DEFAULT_SEARCH_SECONDS,
    maxChunkSeconds / 2,
  );
  const searchSamples = Math.round(searchSeconds * PCM_SAMPLE_RATE);
  const smoothed = smoothEnergy(frameEnergy);
  const grid = Math.max(1, Math.floor(options.gridSamples ?? 1));
  const preferred = [...(options.preferredCuts ?? [])].sort((a, b) => a.sample - b.sample);

  // A recording under twice the first chunk's length is not worth an extra cut.
  const firstChunkSamples =
    options.firstChunkSeconds === undefined ||
    sampleCount < 2 * options.firstChunkSeconds * PCM_SAMPLE_RATE
      ? maxChunkSamples
      : Math.min(
          maxChunkSamples,
          Math.max(ENERGY_FRAME_SAMPLES, Math.round(options.firstChunkSeconds * PCM_SAMPLE_RATE)),
        );

  const chunks: PcmChunk[] = [];
  let start = 0;
  for (;;) {
    const chunkSamples = chunks.length === 0 ? firstChunkSamples : maxChunkSamples;
    if (sampleCount - start <= chunkSamples) break;
    const limit = start + chunkSamples;
    const search = Math.min(searchSamples, Math.round(chunkSamples / 2));
    const firstFrame = Math.max(
      start / ENERGY_FRAME_SAMPLES + 1,
      Math.ceil((limit - search) / ENERGY_FRAME_SAMPLES),
    );
    const lastFrame = Math.floor(limit / ENERGY_FRAME_SAMPLES);
    const cut =
      bestPreferredCut(preferred, Math.max(start + 1, limit - search), limit) ??
      snapToGrid(
        middleOfLongestQuietRun(smoothed, firstFrame, lastFrame) * ENERGY_FRAME_SAMPLES,
        grid,
        start,
        limit,
      );
    chunks.push({ startSample: start, endSample: cut });
    start = cut;
  }
  if (sampleCount > start) chunks.push({ startSample: start, endSample: sampleCount });
  return chunks;
}

function bestPreferredCut(
  cuts: readonly PreferredCut[],
  from: number,
  to: number,
): number | undefined {
  let best: PreferredCut | undefined;
  for (const cut of cuts) {
    if (cut.sample < from || cut.sample > to) continue;
    if (!best || cut.pauseSamples >= best.pauseSamples) best = cut;
  }
  return best?.sample;
}

/** The nearest grid point after `start` and not past `limit`; the cut itself when none is. */
function snapToGrid(cut: number, grid: number, start: number, limit: number): number {
  if (grid <= 1) return cut;
  const nearest = Math.round(cut / grid) * grid;
  if (nearest > start && nearest <= limit) return nearest;
  const below = Math.floor(limit / grid) * grid;
  return below > start ? below : cut;
}

/**
 * Boundaries within 3 dB of the quietest one count as quiet; the cut goes in the middle of the
 * longest quiet run (the latest of equal ones), so it lands mid-pause rather than where the
 * noise floor happens to dip next to a word.
 */
function middleOfLongestQuietRun(
  energyAt: (boundary: number) => number,
  first: number,
  last: number,
): number {
  let quietest = Number.POSITIVE_INFINITY;
  for (let boundary = first; boundary <= last; boundary += 1)
    quietest = Math.min(quietest, energyAt(boundary));
  const threshold = quietest * 2 + 1;
  let best = { start: last, length: 0 };
  let runStart = -1;
  for (let boundary = first; boundary <= last + 1; boundary += 1) {
    const quiet = boundary <= last && energyAt(boundary) <= threshold;
    if (quiet && runStart < 0) runStart = boundary;
    if (!quiet && runStart >= 0) {
      const length = boundary - runStart;
      if (length >= best.length) best = { start: runStart, length };
      runStart = -1;
    }
  }
  return best.length === 0 ? last : best.start + Math.floor((best.length - 1) / 2);
}

/** Mean energy of the frames around a frame boundary (frames boundary-R .. boundary+R-1). */
function smoothEnergy(frameEnergy: Float32Array): (boundary: number) => number {
  const prefix = new Float64Array(frameEnergy.length + 1);
  for (let index = 0; index < frameEnergy.length; index += 1) {
    prefix[index + 1] = (prefix[index] ?? 0) + (frameEnergy[index] ?? 0);
  }
  return (boundary) => {
    const from = Math.max(0, boundary - SMOOTHING_FRAMES);
    const to = Math.min(frameEnergy.length, boundary + SMOOTHING_FRAMES);
    if (to <= from) return 0;
    return ((prefix[to] ?? 0) - (prefix[from] ?? 0)) / (to - from);
  };
}
