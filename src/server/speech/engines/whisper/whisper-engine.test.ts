import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeSpeechClip,
  makeTempDirectory,
} from '../../../../../tests/fixtures/speech/speech-fixtures.js';
import { writeTinyWhisperModel } from '../../../../../tests/fixtures/whisper/tiny-whisper-model.js';
import {
  BUILD_TIMEOUT_MS,
  RANDOM_WEIGHTS_LIMITS,
  TEST_TEMPERATURE_INCREMENT,
  builtWhisperServer,
} from '../../../../../tests/fixtures/whisper/whisper-test-setup.js';
import { decodeAudio } from '../../audio/decode-audio.js';
import { readPcmRange } from '../../audio/read-pcm-range.js';
import { type TranscriptionResult } from '../engine.js';
import { PCM_SAMPLE_RATE } from '../../audio/pcm-format.js';
import { SpeechEngineError } from '../speech-engine-error.js';
import { startWhisperEngine, type WhisperEngine } from './whisper-engine.js';
import { whisperLanguageCode } from '../language-codes.js';
import { WhisperModelError } from './whisper-model-error.js';

let directory: Awaited<ReturnType<typeof makeTempDirectory>>;
let englishModel: string;
let multilingualModel: string;
let speech: Int16Array;
let engine: WhisperEngine;
const warnings: string[] = [];

beforeAll(async () => {
  await builtWhisperServer();
  directory = await makeTempDirectory('sonoscript-whisper-engine-');
  englishModel = path.join(directory.path, 'ggml-tiny.en.bin');
  multilingualModel = path.join(directory.path, 'ggml-tiny.bin');
  await writeTinyWhisperModel(englishModel);
  await writeTinyWhisperModel(multilingualModel, { multilingual: true, seed: 2 });
  const clip = await makeSpeechClip(directory.path, 'window', [
    { silence: 0.5 },
    { say: 'good morning everybody, today we are going to talk about the weather' },
    { silence: 1 },
  ]);
  const decoded = await decodeAudio({
    inputPath: clip.path,
    demuxer: 'wav',
    outputPath: path.join(directory.path, 'window.pcm'),
  });
  speech = await readPcmRange(decoded.pcmPath, { startSample: 0, endSample: decoded.sampleCount });
  engine = await startWhisperEngine({
    modelPath: englishModel,
    threads: 2,
    temperatureIncrement: TEST_TEMPERATURE_INCREMENT,
    hallucinationLimits: RANDOM_WEIGHTS_LIMITS,
    onWarning: (message) => warnings.push(message),
  });
}, BUILD_TIMEOUT_MS);

afterAll(async () => {
  await engine?.close();
  await directory?.remove();
});

function expectWellFormed(result: TranscriptionResult): void {
  expect(result.segments.length).toBeGreaterThan(0);
  for (const segment of result.segments) {
    expect(segment.text.trim()).toBe(segment.text);
    expect(segment.text).not.toBe('');
    expect(segment.start).toBeGreaterThanOrEqual(0);
    expect(segment.end).toBeGreaterThanOrEqual(segment.start);
  }
  expect(result.text).toBe(result.segments.map((segment) => segment.text).join(' '));
}

describe('whisper engine (whisper.cpp on a generated tiny model)', () => {
  it('loads the model once and returns timed segments for each window', async () => {
    expect(engine).toMatchObject({
      name: 'whisper',
      model: 'tiny.en',
      parallelism: 1,
      maxChunkSeconds: 30,
      threads: 2,
    });
    const serverProcess = engine.processId;
    expect(serverProcess).toBeTypeOf('number');
    const first = await engine.transcribe(speech);
    expectWellFormed(first);
    expect(first.language).toBe('en');
    const second = await engine.transcribe(speech.subarray(0, 3 * PCM_SAMPLE_RATE));
    expect(second.language).toBe('en');
    expect(engine.processId).toBe(serverProcess);
  });

  it('hands the prompt and the previous window to whisper', async () => {
    const plain = await engine.transcribe(speech);
    const prompted = await engine.transcribe(speech, {
      prompt: 'Kubernetes, PostgreSQL, Fastify.',
    });
    const continued = await engine.transcribe(speech, { previousText: 'It was a cold day.' });
    // Greedy decoding is deterministic: a different context is the only way the output changes.
    expect(await engine.transcribe(speech)).toEqual(plain);
    expect(prompted).not.toEqual(plain);
    expect(continued).not.toEqual(plain);
  });

  it('answers silence without asking whisper', async () => {
    const silence = new Int16Array(30 * PCM_SAMPLE_RATE);
    expect(await engine.transcribe(silence)).toEqual({ text: '', segments: [], language: 'en' });
  });

  it('detects the language with a multilingual model, or takes the one given', async () => {
    const multilingual = await startWhisperEngine({
      modelPath: multilingualModel,
      threads: 2,
      temperatureIncrement: TEST_TEMPERATURE_INCREMENT,
      hallucinationLimits: RANDOM_WEIGHTS_LIMITS,
    });
    try {
      expect(multilingual.model).toBe('tiny');
      const detected = await multilingual.transcribe(speech);
      expectWellFormed(detected);
      expect(whisperLanguageCode(detected.language)).toBe(detected.language);
      const german = await multilingual.transcribe(speech, { language: 'de-DE' });
      expect(german.language).toBe('de');
    } finally {
      await multilingual.close();
    }
    expect(multilingual.processId).toBeUndefined();
  });

  it('loses only the window when whisper-server crashes, then starts it again', async () => {
    const crashed = engine.processId ?? 0;
    const pending = engine.transcribe(speech);
    process.kill(crashed, 'SIGKILL');
    const error = await pending.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SpeechEngineError);
    expect((error as Error).message).toMatch(/^whisper-server (stopped|failed)/);

    expectWellFormed(await engine.transcribe(speech));
    expect(engine.processId).not.toBe(crashed);
    expect(warnings).toContain('whisper-server had stopped; starting it again');
  });

  it('lets a caller cancel a window in flight without harming the next', async () => {
    const serverProcess = engine.processId;
    // 1 ms: the request is on its way by then, and far from answered.
    const cancelled = engine.transcribe(speech, { signal: AbortSignal.timeout(1) });
    await expect(cancelled).rejects.toMatchObject({ name: 'TimeoutError' });
    expectWellFormed(await engine.transcribe(speech));
    expect(engine.processId).toBe(serverProcess);
  });

  it('stops whisper.cpp when a window takes too long', async () => {
    const restarts: string[] = [];
    const impatient = await startWhisperEngine({
      modelPath: englishModel,
      threads: 2,
      temperatureIncrement: TEST_TEMPERATURE_INCREMENT,
      hallucinationLimits: RANDOM_WEIGHTS_LIMITS,
      timeout: { baseMs: 1, perAudioSecondMs: 0 },
      onWarning: (message) => restarts.push(message),
    });
    try {
      expect(impatient.processId).toBeTypeOf('number');
      await expect(impatient.transcribe(speech)).rejects.toThrow(
        /^whisper\.cpp took over 1 ms on a \d+\.\d s window; it was stopped and restarts with the next window$/,
      );
      expect(impatient.processId).toBeUndefined();
      await expect(impatient.transcribe(speech)).rejects.toThrow(/took over 1 ms/);
      expect(restarts).toEqual(['whisper-server had stopped; starting it again']);
    } finally {
      await impatient.close();
    }
  });

  it('refuses missing, cut and foreign model files before whisper.cpp sees them', async () => {
    const missing = path.join(directory.path, 'ggml-base.en.bin');
    await expect(startWhisperEngine({ modelPath: missing })).rejects.toThrow(
      `Whisper model file not found: ${missing} (no such file). Fix: npm run models:download -- base.en`,
    );
    const notAModel = path.join(directory.path, 'window.wav');
    const error = await startWhisperEngine({ modelPath: notAModel }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(WhisperModelError);
    expect(error).toMatchObject({ problem: 'wrong-format' });
    expect((error as Error).message).toMatch(/it is an audio file/);
  });
});
