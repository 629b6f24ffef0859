import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeSpeechClip,
  makeTempDirectory,
} from '../../../../../tests/fixtures/speech/speech-fixtures.js';
import { writeTinyWhisperModel } from '../../../../../tests/fixtures/whisper/tiny-whisper-model.js';
import {
  BUILD_TIMEOUT_MS,
  TEST_TEMPERATURE_INCREMENT,
  builtWhisperServer,
} from '../../../../../tests/fixtures/whisper/whisper-test-setup.js';
import { WHISPER_LANGUAGE_CODES } from '../../../../core/languages.js';
import { decodeAudio } from '../../audio/decode-audio.js';
import { readPcmRange } from '../../audio/read-pcm-range.js';
import { LanguageRoutedWhisper } from './language-routed-whisper.js';
import { startWhisperModels } from './start-whisper-models.js';
import { startWhisperEngine, type WhisperEngine } from './whisper-engine.js';

let directory: Awaited<ReturnType<typeof makeTempDirectory>>;
let speech: Int16Array;
let multilingual: WhisperEngine;
let english: WhisperEngine;
let routed: LanguageRoutedWhisper;
const engineOptions = { threads: 2, temperatureIncrement: TEST_TEMPERATURE_INCREMENT };

beforeAll(async () => {
  await builtWhisperServer();
  directory = await makeTempDirectory('sonoscript-whisper-languages-');
  const englishModel = path.join(directory.path, 'ggml-tiny.en.bin');
  const multilingualModel = path.join(directory.path, 'ggml-tiny.bin');
  await writeTinyWhisperModel(englishModel);
  // n_vocab 51865: whisper.cpp loads it as multilingual, with its language tokens and translate.
  await writeTinyWhisperModel(multilingualModel, { multilingual: true, seed: 3 });
  const clip = await makeSpeechClip(directory.path, 'window', [
    { silence: 0.3 },
    { say: 'good morning everybody, today we talk about the weather' },
    { silence: 0.5 },
  ]);
  const decoded = await decodeAudio({
    inputPath: clip.path,
    demuxer: 'wav',
    outputPath: path.join(directory.path, 'window.pcm'),
  });
  speech = await readPcmRange(decoded.pcmPath, { startSample: 0, endSample: decoded.sampleCount });
  multilingual = await startWhisperEngine({ ...engineOptions, modelPath: multilingualModel });
  english = await startWhisperEngine({ ...engineOptions, modelPath: englishModel });
  routed = new LanguageRoutedWhisper(multilingual, english);
}, BUILD_TIMEOUT_MS);

afterAll(async () => {
  await routed?.close();
  await directory?.remove();
});

describe('whisper in every language (whisper.cpp on generated tiny models)', () => {
  it('detects the language of a window from the language token alone', async () => {
    expect(multilingual.multilingual).toBe(true);
    const detected = await multilingual.detectLanguage(speech);
    expect(WHISPER_LANGUAGE_CODES).toContain(detected);
    // Greedy and the same weights: the same window is heard as the same language.
    expect(await multilingual.detectLanguage(speech)).toBe(detected);
    expect(await english.detectLanguage(speech)).toBeUndefined();
    expect(await multilingual.detectLanguage(new Int16Array(16_000))).toBeUndefined();
  });

  it('translates: whisper-server answers the translate task, and the language spoken', async () => {
    const translated = await multilingual.transcribe(speech, { task: 'translate', language: 'de' });
    expect(translated.language).toBe('de');
    const detectedThenTranslated = await multilingual.transcribe(speech, { task: 'translate' });
    expect(detectedThenTranslated.language).toBe(await multilingual.detectLanguage(speech));
  });

  it('an English-only model is never asked to translate: a mismatch is an error, not English text', async () => {
    await expect(english.transcribe(speech, { task: 'translate' })).rejects.toThrow(
      /answered a transcribe request for a translate one/,
    );
  });

  it('routes English to the English-only model and every other language to the multilingual one', async () => {
    expect(routed).toMatchObject({ name: 'whisper', model: 'tiny+tiny.en', multilingual: true });
    expect(routed.models).toEqual(['tiny', 'tiny.en']);
    expect((await routed.transcribe(speech, { language: 'en' })).language).toBe('en');
    expect((await routed.transcribe(speech, { language: 'de' })).language).toBe('de');
    expect((await routed.transcribe(speech, { language: 'ja', task: 'translate' })).language).toBe(
      'ja',
    );
    const detected = await multilingual.detectLanguage(speech);
    expect((await routed.transcribe(speech)).language).toBe(detected);
  });

  it('starts the pair from a multilingual model and its English twin', async () => {
    const pair = await startWhisperModels({
      ...engineOptions,
      modelPath: path.join(directory.path, 'ggml-tiny.bin'),
      englishModelPath: path.join(directory.path, 'ggml-tiny.en.bin'),
    });
    try {
      expect(pair).toBeInstanceOf(LanguageRoutedWhisper);
      expect(pair.model).toBe('tiny+tiny.en');
    } finally {
      await pair.close();
    }
  });
});
