import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeAudio } from '../../audio/decode-audio.js';
import { readPcmRange } from '../../audio/read-pcm-range.js';
import {
  makeSpeechClip,
  makeTempDirectory,
} from '../../../../../tests/fixtures/speech/speech-fixtures.js';
import { writeTinyWhisperModel } from '../../../../../tests/fixtures/whisper/tiny-whisper-model.js';
import {
  BUILD_TIMEOUT_MS,
  RANDOM_WEIGHTS_LIMITS,
  builtWhisperServer,
} from '../../../../../tests/fixtures/whisper/whisper-test-setup.js';
import { startWhisperEngine, type WhisperEngineOptions } from './whisper-engine.js';

/** Each test starts whisper-server on a model of its own and may decode a window several times. */
const GENERATED_MODEL_TIMEOUT_MS = 240_000;

/** whisper.cpp's ids in an English-only vocabulary: a text word, and "no speech". */
const LOOPED_WORD = 1000;
const NO_SPEECH_TOKEN = 50_361;

let directory: Awaited<ReturnType<typeof makeTempDirectory>>;
let speech: Int16Array;
let seconds: number;

beforeAll(async () => {
  await builtWhisperServer();
  directory = await makeTempDirectory('sonoscript-whisper-guard-');
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
  seconds = decoded.durationSeconds;
}, BUILD_TIMEOUT_MS);

afterAll(async () => {
  await directory?.remove();
});

/** Transcribes the speech window with a generated model, on a whisper-server of its own. */
async function transcribeWith(
  name: string,
  model: Parameters<typeof writeTinyWhisperModel>[1],
  options: Partial<WhisperEngineOptions> = {},
) {
  const modelPath = path.join(directory.path, `ggml-${name}.en.bin`);
  await writeTinyWhisperModel(modelPath, model);
  const engine = await startWhisperEngine({ modelPath, threads: 2, ...options });
  try {
    return await engine.transcribe(speech);
  } finally {
    await engine.close();
  }
}

describe('the whisper hallucination guard, on generated models forced into each failure', () => {
  it(
    'drops a window that loops at every temperature, and says so',
    async () => {
      const result = await transcribeWith(
        'loop',
        { favouredTokens: [{ id: LOOPED_WORD, strength: 20 }] },
        { temperatureIncrement: 0.5 },
      );
      expect(result.segments).toEqual([]);
      expect(result.text).toBe('');
      expect(result.dropped).toEqual([
        { start: 0, end: seconds, reasons: ['repetition', 'compression-ratio'] },
      ]);
    },
    GENERATED_MODEL_TIMEOUT_MS,
  );

  it(
    'drops a window whisper itself says holds no speech',
    async () => {
      const result = await transcribeWith(
        'no-speech',
        {
          favouredTokens: [
            { id: NO_SPEECH_TOKEN, strength: 30 },
            { id: LOOPED_WORD, strength: 20 },
          ],
        },
        { temperatureIncrement: 0 },
      );
      expect(result.segments).toEqual([]);
      expect(result.dropped?.[0]?.reasons).toContain('no-speech');
    },
    GENERATED_MODEL_TIMEOUT_MS,
  );

  it(
    'drops a window of guessed tokens (random weights)',
    async () => {
      const result = await transcribeWith('guessing', {}, { temperatureIncrement: 0 });
      expect(result.segments).toEqual([]);
      expect(result.dropped).toEqual([
        { start: 0, end: seconds, reasons: ['low-log-probability'] },
      ]);
    },
    GENERATED_MODEL_TIMEOUT_MS,
  );

  it(
    'keeps a window that loops at temperature 0 once a hotter retry decodes it',
    async () => {
      // The looped word scores 8 above the rest: greedy decoding repeats it; at temperature 1 it
      // is one choice among many.
      const model = { favouredTokens: [{ id: LOOPED_WORD, strength: 8 }] };
      const withoutFallback = await transcribeWith('mild-loop', model, {
        temperatureIncrement: 0,
        hallucinationLimits: RANDOM_WEIGHTS_LIMITS,
      });
      expect(withoutFallback.dropped?.[0]?.reasons).toContain('repetition');
      const withFallback = await transcribeWith('mild-loop', model, {
        temperatureIncrement: 0.5,
        hallucinationLimits: RANDOM_WEIGHTS_LIMITS,
      });
      expect(withFallback.dropped).toBeUndefined();
      expect(withFallback.segments.length).toBeGreaterThan(0);
    },
    GENERATED_MODEL_TIMEOUT_MS,
  );
});
