import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeSpeechClip,
  makeTempDirectory,
  type ClipPart,
  type SpeechClip,
} from '../../../../../tests/fixtures/speech/speech-fixtures.js';
import { writeTinyWhisperModel } from '../../../../../tests/fixtures/whisper/tiny-whisper-model.js';
import {
  BUILD_TIMEOUT_MS,
  RANDOM_WEIGHTS_LIMITS,
  TEST_TEMPERATURE_INCREMENT,
  builtWhisperServer,
} from '../../../../../tests/fixtures/whisper/whisper-test-setup.js';
import { decodeAudio } from '../../audio/decode-audio.js';
import { FIRST_CHUNK_SECONDS, planChunks } from '../../audio/plan-chunks.js';
import { readPcmRange } from '../../audio/read-pcm-range.js';
import { transcribeAudioFile } from '../../transcribe-audio-file.js';
import { PCM_SAMPLE_RATE } from '../../audio/pcm-format.js';
import { startWhisperEngine, type WhisperEngine } from './whisper-engine.js';
import { everySoundIsSpeech } from '../../../../../tests/fixtures/speech/every-sound-is-speech.js';

let directory: Awaited<ReturnType<typeof makeTempDirectory>>;
let clip: SpeechClip;
/** About 35 s: two windows, enough to show context carried across a join. */
let shortClip: SpeechClip;
let engine: WhisperEngine;

const SENTENCES = [
  'good morning everybody, today we are going to talk about the weather',
  'i would like to order a large pizza with cheese and tomatoes',
  'the train to the city leaves from platform four at half past nine',
];

beforeAll(async () => {
  await builtWhisperServer();
  directory = await makeTempDirectory('sonoscript-whisper-pipeline-');
  const modelPath = path.join(directory.path, 'ggml-tiny.en.bin');
  await writeTinyWhisperModel(modelPath);
  // About 75 s: sentences with pauses of 1.5 s, so the 30 s windows have quiet places to cut.
  const parts: ClipPart[] = [{ silence: 1 }];
  for (let round = 0; round < 5; round += 1) {
    for (const say of SENTENCES) parts.push({ say }, { silence: 1.5 });
  }
  clip = await makeSpeechClip(directory.path, 'long', parts);
  shortClip = await makeSpeechClip(
    directory.path,
    'short',
    parts.slice(0, 1 + 2 * 2 * SENTENCES.length),
  );
  engine = await startWhisperEngine({
    modelPath,
    threads: 2,
    temperatureIncrement: TEST_TEMPERATURE_INCREMENT,
    hallucinationLimits: RANDOM_WEIGHTS_LIMITS,
  });
}, BUILD_TIMEOUT_MS);

afterAll(async () => {
  await engine?.close();
  await directory?.remove();
});

describe('transcribeAudioFile with the whisper engine', () => {
  it('cuts the recording into 30 s windows at pauses and times every segment from its start', async () => {
    expect(clip.duration).toBeGreaterThan(65);
    const progress: number[] = [];
    const result = await transcribeAudioFile({
      // Window mechanics on random weights: every sound goes to whisper, as before detection.
      speechDetector: everySoundIsSpeech,
      inputPath: clip.path,
      demuxer: 'wav',
      engine,
      workDir: path.join(directory.path, 'work'),
      onProgress: (percent) => progress.push(percent),
    });
    expect(result.transcribedSeconds).toBeCloseTo(clip.duration, 1);
    expect(result.language).toBe('en');
    expect(progress.at(-1)).toBe(100);

    // The windows the pipeline used, from the same planner and the engine's limit.
    const decoded = await decodeAudio({
      inputPath: clip.path,
      demuxer: 'wav',
      outputPath: path.join(directory.path, 'check.pcm'),
    });
    const windows = (
      await planChunks(decoded.pcmPath, {
        maxChunkSeconds: engine.maxChunkSeconds,
        firstChunkSeconds: FIRST_CHUNK_SECONDS,
      })
    ).map((chunk) => ({
      start: chunk.startSample / PCM_SAMPLE_RATE,
      end: chunk.endSample / PCM_SAMPLE_RATE,
    }));
    expect(windows.length).toBeGreaterThanOrEqual(Math.ceil(clip.duration / 30));
    for (const window of windows) expect(window.end - window.start).toBeLessThanOrEqual(30);
    // Each cut lands in a pause between sentences, not inside one.
    for (const window of windows.slice(1)) {
      const insideSpeech = clip.spans.some(
        (span) =>
          span.kind === 'speech' &&
          window.start > span.start + 0.05 &&
          window.start < span.end - 0.05,
      );
      expect(insideSpeech, `cut at ${window.start}`).toBe(false);
    }

    // Every window contributed text, timed inside that window of the whole recording.
    for (const window of windows) {
      const inWindow = result.segments.filter(
        (segment) => segment.start >= window.start && segment.end <= window.end,
      );
      expect(inWindow.length, `window ${window.start}-${window.end}`).toBeGreaterThan(0);
    }
    result.segments.forEach((segment, index) => {
      expect(segment.end).toBeGreaterThanOrEqual(segment.start);
      expect(segment.end).toBeLessThanOrEqual(clip.duration + 0.001);
      if (index > 0)
        expect(segment.start).toBeGreaterThanOrEqual(result.segments[index - 1]?.start ?? 0);
    });
    expect(result.text).toBe(result.segments.map((segment) => segment.text).join(' '));
  });

  it("carries each window's text into the next one, in order", async () => {
    const decoded = await decodeAudio({
      inputPath: shortClip.path,
      demuxer: 'wav',
      outputPath: path.join(directory.path, 'context.pcm'),
    });
    const chunks = await planChunks(decoded.pcmPath, {
      maxChunkSeconds: engine.maxChunkSeconds,
      firstChunkSeconds: FIRST_CHUNK_SECONDS,
    });
    // The same windows by hand: once each on its own, once in order with the text before it.
    const alone: string[] = [];
    const inOrder: string[] = [];
    let previousText: string | undefined;
    for (const chunk of chunks) {
      const samples = await readPcmRange(decoded.pcmPath, chunk);
      alone.push((await engine.transcribe(samples)).text);
      const result = await engine.transcribe(samples, previousText ? { previousText } : {});
      if (result.text !== '') previousText = result.text;
      inOrder.push(result.text);
    }
    const joined = (texts: string[]) => texts.filter((text) => text !== '').join(' ');
    expect(joined(inOrder)).not.toBe(joined(alone));

    const result = await transcribeAudioFile({
      // Window mechanics on random weights: every sound goes to whisper, as before detection.
      speechDetector: everySoundIsSpeech,
      inputPath: shortClip.path,
      demuxer: 'wav',
      engine,
      workDir: path.join(directory.path, 'work'),
    });
    expect(result.text).toBe(joined(inOrder));
  });
});
