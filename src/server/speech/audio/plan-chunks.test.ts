import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeSpeechClip,
  makeTempDirectory,
  type ClipPart,
  type SpeechClip,
} from '../../../../tests/fixtures/speech/speech-fixtures.js';
import { decodeAudio } from './decode-audio.js';
import {
  ENERGY_FRAME_SAMPLES,
  planChunks,
  planChunksFromEnergy,
  type PcmChunk,
} from './plan-chunks.js';
import { readPcmRange } from './read-pcm-range.js';

const SENTENCE =
  'the committee will review every application that arrives before the end of the month and announce the results shortly afterwards';

let directory: Awaited<ReturnType<typeof makeTempDirectory>>;
let clip: SpeechClip;
let pcmPath: string;
let sampleCount: number;

beforeAll(async () => {
  directory = await makeTempDirectory();
  const parts: ClipPart[] = [];
  for (let index = 0; index < 18; index += 1)
    parts.push({ say: SENTENCE }, { silence: index % 2 === 0 ? 0.8 : 1.2 });
  clip = await makeSpeechClip(directory.path, 'long', parts);
  pcmPath = path.join(directory.path, 'long.pcm');
  ({ sampleCount } = await decodeAudio({
    inputPath: clip.path,
    demuxer: 'wav',
    outputPath: pcmPath,
  }));
});

afterAll(() => directory.remove());

function expectContiguous(chunks: PcmChunk[], total: number, maxSamples: number): void {
  expect(chunks[0]?.startSample).toBe(0);
  expect(chunks.at(-1)?.endSample).toBe(total);
  chunks.forEach((chunk, index) => {
    expect(chunk.endSample).toBeGreaterThan(chunk.startSample);
    expect(chunk.endSample - chunk.startSample).toBeLessThanOrEqual(maxSamples);
    if (index > 0) expect(chunk.startSample).toBe(chunks[index - 1]?.endSample);
  });
}

describe('planChunks', () => {
  it('cuts a long recording only in its silences, never past the limit', async () => {
    expect(clip.duration).toBeGreaterThan(150);
    for (const maxChunkSeconds of [60, 30]) {
      const chunks = await planChunks(pcmPath, { maxChunkSeconds });
      expectContiguous(chunks, sampleCount, maxChunkSeconds * 16_000);
      expect(chunks.length).toBeLessThanOrEqual(Math.ceil(clip.duration / (maxChunkSeconds / 2)));
      for (const chunk of chunks.slice(0, -1)) {
        const cutSeconds = chunk.endSample / 16_000;
        const silence = clip.spans.find(
          (span) => span.kind === 'silence' && span.start <= cutSeconds && cutSeconds <= span.end,
        );
        expect(
          silence,
          `cut at ${cutSeconds.toFixed(2)} s (max ${maxChunkSeconds} s)`,
        ).toBeDefined();
      }
    }
  });
});

describe('planChunksFromEnergy', () => {
  it('still keeps every chunk under the limit when there is no quiet place at all', () => {
    const frames = new Float32Array(Math.ceil((150 * 16_000) / ENERGY_FRAME_SAMPLES)).fill(1e6);
    const chunks = planChunksFromEnergy(frames, 150 * 16_000, { maxChunkSeconds: 60 });
    expect(chunks).toHaveLength(3);
    expectContiguous(chunks, 150 * 16_000, 60 * 16_000);
  });

  it('picks the quietest place in the last part of the window', () => {
    const frames = new Float32Array(Math.ceil((90 * 16_000) / ENERGY_FRAME_SAMPLES)).fill(1e6);
    const pauseFrame = (52 * 16_000) / ENERGY_FRAME_SAMPLES;
    frames.fill(10, pauseFrame - 25, pauseFrame + 25);
    // A quieter pause before the search window is not a candidate: the chunk would be too short.
    frames.fill(0, 10 * 50, 12 * 50);
    const chunks = planChunksFromEnergy(frames, 90 * 16_000, {
      maxChunkSeconds: 60,
      searchSeconds: 15,
    });
    expect(chunks[0]).toEqual({ startSample: 0, endSample: 52 * 16_000 });
    expectContiguous(chunks, 90 * 16_000, 60 * 16_000);
  });

  it('puts every cut on the grid when given one, still in the quiet place and under the limit', () => {
    const frames = new Float32Array(Math.ceil((200 * 16_000) / ENERGY_FRAME_SAMPLES)).fill(1e6);
    for (const pauseSeconds of [52.3, 107.9, 161.1]) {
      const pauseFrame = Math.round((pauseSeconds * 16_000) / ENERGY_FRAME_SAMPLES);
      frames.fill(10, pauseFrame - 25, pauseFrame + 25);
    }
    const chunks = planChunksFromEnergy(frames, 200 * 16_000, {
      maxChunkSeconds: 60,
      gridSamples: 2048,
    });
    expectContiguous(chunks, 200 * 16_000, 60 * 16_000);
    expect(chunks).toHaveLength(4);
    for (const [index, pauseSeconds] of [52.3, 107.9, 161.1].entries()) {
      const cut = chunks[index]?.endSample ?? 0;
      expect(cut % 2048).toBe(0);
      expect(Math.abs(cut / 16_000 - pauseSeconds)).toBeLessThanOrEqual(1024 / 16_000 + 0.02);
    }
  });

  it('stays on the grid and under the limit when nothing is quiet', () => {
    const frames = new Float32Array(Math.ceil((150 * 16_000) / ENERGY_FRAME_SAMPLES)).fill(1e6);
    const chunks = planChunksFromEnergy(frames, 150 * 16_000, {
      maxChunkSeconds: 60,
      gridSamples: 2048,
    });
    expectContiguous(chunks, 150 * 16_000, 60 * 16_000);
    for (const chunk of chunks.slice(0, -1)) expect(chunk.endSample % 2048).toBe(0);
  });

  it("prefers the engine's own utterance ends, the one before the longest pause", () => {
    const frames = new Float32Array(Math.ceil((100 * 16_000) / ENERGY_FRAME_SAMPLES)).fill(1e6);
    // The quietest place is elsewhere: the engine's utterance ends still win.
    const quietFrame = (55 * 16_000) / ENERGY_FRAME_SAMPLES;
    frames.fill(0, quietFrame - 25, quietFrame + 25);
    const preferredCuts = [
      { sample: 20 * 16_000, pauseSamples: 3 * 16_000 }, // before the search stretch
      { sample: 47 * 16_000, pauseSamples: 8_000 },
      { sample: 50 * 16_000, pauseSamples: 16_000 },
      { sample: 58 * 16_000, pauseSamples: 16_000 },
      { sample: 61 * 16_000, pauseSamples: 5 * 16_000 }, // past the limit
    ];
    const chunks = planChunksFromEnergy(frames, 100 * 16_000, {
      maxChunkSeconds: 60,
      preferredCuts,
    });
    expect(chunks[0]).toEqual({ startSample: 0, endSample: 58 * 16_000 });
    expectContiguous(chunks, 100 * 16_000, 60 * 16_000);
  });

  it('makes the first chunk short, cut at a pause in its second half, and the rest full size', () => {
    const frames = new Float32Array(Math.ceil((130 * 16_000) / ENERGY_FRAME_SAMPLES)).fill(1e6);
    const pauseFrame = (7.5 * 16_000) / ENERGY_FRAME_SAMPLES;
    frames.fill(10, pauseFrame - 10, pauseFrame + 10);
    // Quieter, but too early: a first chunk of 2 s would cost a call for almost nothing.
    frames.fill(0, 50, 100);
    const chunks = planChunksFromEnergy(frames, 130 * 16_000, {
      maxChunkSeconds: 60,
      firstChunkSeconds: 10,
    });
    expect(chunks[0]).toEqual({ startSample: 0, endSample: 7.5 * 16_000 });
    for (const chunk of chunks.slice(1, -1))
      expect(chunk.endSample - chunk.startSample).toBeGreaterThan(45 * 16_000);
    expectContiguous(chunks, 130 * 16_000, 60 * 16_000);
  });

  it('keeps a short recording whole and an empty one empty', () => {
    expect(planChunksFromEnergy(new Float32Array(100), 100 * ENERGY_FRAME_SAMPLES - 7)).toEqual([
      { startSample: 0, endSample: 100 * ENERGY_FRAME_SAMPLES - 7 },
    ]);
    expect(planChunksFromEnergy(new Float32Array(0), 0)).toEqual([]);
  });
});

describe('readPcmRange', () => {
  it('reads exactly the samples asked for and refuses to read past the end', async () => {
    const values = Int16Array.from({ length: 1000 }, (_, index) => index * 7 - 3000);
    const file = path.join(directory.path, 'ramp.pcm');
    await writeFile(file, Buffer.from(values.buffer));
    expect(Array.from(await readPcmRange(file, { startSample: 250, endSample: 260 }))).toEqual(
      Array.from(values.subarray(250, 260)),
    );
    await expect(readPcmRange(file, { startSample: 990, endSample: 1001 })).rejects.toThrow(
      RangeError,
    );
  });
});
