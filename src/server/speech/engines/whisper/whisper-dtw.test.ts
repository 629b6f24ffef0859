import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDirectory } from '../../../../../tests/fixtures/speech/speech-fixtures.js';
import { writePublishedSizeWhisperModel } from '../../../../../tests/fixtures/whisper/published-size-whisper-model.js';
import {
  BUILD_TIMEOUT_MS,
  TEST_TEMPERATURE_INCREMENT,
  builtWhisperServer,
} from '../../../../../tests/fixtures/whisper/whisper-test-setup.js';
import { PCM_SAMPLE_RATE } from '../../audio/pcm-format.js';
import { dtwPresetOf } from './dtw-preset.js';
import { startWhisperEngine, type WhisperEngine } from './whisper-engine.js';

let fixtures: { path: string; remove: () => Promise<void> };
let engine: WhisperEngine;

beforeAll(async () => {
  await builtWhisperServer();
  fixtures = await makeTempDirectory('sonoscript-whisper-dtw-');
  // tiny.en's exact shape, random weights: whisper.cpp accepts its alignment heads.
  const modelPath = path.join(fixtures.path, 'ggml-tiny.en.bin');
  await writePublishedSizeWhisperModel(modelPath, 'tiny.en');
  engine = await startWhisperEngine({
    modelPath,
    threads: 2,
    temperatureIncrement: TEST_TEMPERATURE_INCREMENT,
  });
}, BUILD_TIMEOUT_MS);

afterAll(async () => {
  await engine?.close();
  await fixtures?.remove();
});

describe('whisper-server with --dtw (a generated model of a published shape)', () => {
  it('starts with the model’s alignment heads and answers a window with words inside their segments', async () => {
    expect(dtwPresetOf(engine.modelInfo)).toBe('tiny.en');
    // A voiced tone with pauses: the engine sends only audio with sound to whisper.
    const samples = new Int16Array(PCM_SAMPLE_RATE * 4);
    for (let i = 0; i < samples.length; i += 1) {
      const voiced = Math.floor(i / (PCM_SAMPLE_RATE / 2)) % 2 === 0;
      samples[i] = voiced
        ? Math.round(8000 * Math.sin((2 * Math.PI * 180 * i) / PCM_SAMPLE_RATE))
        : 0;
    }
    const result = await engine.transcribe(samples);
    for (const segment of result.segments) {
      for (const word of segment.words ?? []) {
        expect(word.start).toBeGreaterThanOrEqual(segment.start);
        expect(word.end).toBeLessThanOrEqual(segment.end);
        expect(word.confidence).toBeGreaterThanOrEqual(0);
        expect(word.confidence).toBeLessThanOrEqual(1);
      }
    }
    expect(engine.processId).toBeGreaterThan(0);
  });
});
