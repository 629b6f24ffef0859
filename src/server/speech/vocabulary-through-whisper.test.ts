import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeSpeechClip,
  makeTempDirectory,
} from '../../../tests/fixtures/speech/speech-fixtures.js';
import { writeTinyWhisperModel } from '../../../tests/fixtures/whisper/tiny-whisper-model.js';
import {
  BUILD_TIMEOUT_MS,
  TEST_TEMPERATURE_INCREMENT,
  RANDOM_WEIGHTS_LIMITS,
  builtWhisperServer,
} from '../../../tests/fixtures/whisper/whisper-test-setup.js';
import { startWhisperEngine, type WhisperEngine } from './engines/whisper/whisper-engine.js';
import { transcribeAudioFile } from './transcribe-audio-file.js';

let directory: Awaited<ReturnType<typeof makeTempDirectory>>;
let engine: WhisperEngine;
let clipPath: string;

beforeAll(async () => {
  await builtWhisperServer();
  directory = await makeTempDirectory('sonoscript-vocabulary-whisper-');
  const modelPath = path.join(directory.path, 'ggml-tiny.en.bin');
  await writeTinyWhisperModel(modelPath);
  const clip = await makeSpeechClip(directory.path, 'names', [
    { silence: 0.5 },
    { say: 'we moved the cluster to a new database last week' },
    { silence: 1 },
  ]);
  clipPath = clip.path;
  engine = await startWhisperEngine({
    modelPath,
    threads: 2,
    temperatureIncrement: TEST_TEMPERATURE_INCREMENT,
    // Random weights are never sure of a token: only that check of the guard stays off.
    hallucinationLimits: RANDOM_WEIGHTS_LIMITS,
  });
}, BUILD_TIMEOUT_MS);

afterAll(async () => {
  await engine?.close();
  await directory?.remove();
});

describe('custom vocabulary through whisper-server (a generated model)', () => {
  it('reaches /inference as the prompt the vocabulary makes', async () => {
    const transcribe = (options: { vocabulary?: string[]; prompt?: string }) =>
      transcribeAudioFile({
        inputPath: clipPath,
        demuxer: 'wav',
        maxSeconds: 60,
        engine,
        workDir: directory.path,
        ...options,
      });
    const plain = await transcribe({});
    const withVocabulary = await transcribe({ vocabulary: ['Kubernetes', 'PostgreSQL'] });
    const withThatPrompt = await transcribe({ prompt: 'Kubernetes, PostgreSQL.' });
    // Greedy decoding is deterministic: only what whisper-server was sent can change the words.
    expect(withVocabulary).not.toEqual(plain);
    expect(withVocabulary).toEqual(withThatPrompt);
  });
});
