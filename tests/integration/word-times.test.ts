import { createReadStream } from 'node:fs';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OriginalTranscriptDto, TranscriptionDto } from '../../src/core/api/transcriptions.js';
import { FIRST_SPEAKER } from '../../src/core/speakers.js';
import { spreadWords } from '../../src/core/words.js';
import { transcriptions } from '../../src/server/db/schema.js';
import { makeTempDirectory } from '../fixtures/speech/speech-fixtures.js';
import {
  buildWordBoundaryRecording,
  startErrors,
  type WordBoundaryRecording,
} from '../fixtures/speech/word-boundaries.js';
import { SAME_ORIGIN, signUp } from './support/accounts.js';
import { listen } from './support/http.js';
import { makeUserPro } from './support/subscriptions.js';
import { asUser, patchTranscript, readTranscript } from './support/transcripts.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const TOLERANCE_SECONDS = 0.15;

let fixtures: { path: string; remove: () => Promise<void> };
let recording: WordBoundaryRecording;

beforeAll(async () => {
  fixtures = await makeTempDirectory('sonoscript-word-times-');
  recording = await buildWordBoundaryRecording(fixtures.path, [
    // Its pauses are digital silence: without dither and wide beams the aligner found no path.
    'music filled the empty theater after midnight',
    'seven children walked slowly toward the village school',
  ]);
});
afterAll(async () => {
  await fixtures.remove();
});

describe('word times and confidence (PocketSphinx, real workers)', () => {
  let app: TestApp;
  let cookie: string;
  let userId: string;
  let openai: OpenAI;

  beforeAll(async () => {
    app = await createTestApp('pglite', { env: { RUN_WORKERS: 'true', WORKER_CONCURRENCY: '1' } });
    const baseUrl = await listen(app);
    ({ cookie, userId } = await signUp(app));
    await makeUserPro(app, userId);
    const key = await app.server.inject({
      method: 'POST',
      url: '/api/keys',
      headers: { cookie, ...SAME_ORIGIN },
      payload: { name: 'words' },
    });
    openai = new OpenAI({
      apiKey: key.json<{ key: string }>().key,
      baseURL: `${baseUrl}/v1`,
      maxRetries: 0,
    });
  });
  afterAll(async () => {
    await app.close();
  });

  it('/v1 fills timestamp_granularities[]=word through the official SDK, and the library has the same words', async () => {
    const { data, response } = await openai.audio.transcriptions
      .create({
        file: createReadStream(recording.wavPath),
        model: 'whisper-1',
        response_format: 'verbose_json',
        timestamp_granularities: ['word', 'segment'],
      })
      .withResponse();
    const answer = { data, id: response.headers.get('x-sonoscript-transcription-id')! };
    const words = answer.data.words ?? [];
    expect(words.length).toBeGreaterThan(5);
    expect(words.map((word) => word.word).join(' ')).toBe(
      answer.data.segments!.map((segment) => segment.text).join(' '),
    );
    for (const [index, word] of words.entries()) {
      expect(word.end).toBeGreaterThanOrEqual(word.start);
      expect(word.start).toBeGreaterThanOrEqual(words[index - 1]?.start ?? 0);
      expect(word.end).toBeLessThanOrEqual(answer.data.duration);
    }

    const stored = await readTranscript(app, cookie, answer.id);
    for (const segment of stored.segments) {
      expect(segment.words!.map((word) => word.word).join(' ')).toBe(segment.text);
      for (const word of segment.words!) {
        expect(word.start).toBeGreaterThanOrEqual(segment.start);
        expect(word.end).toBeLessThanOrEqual(segment.end);
        expect(word.confidence).toBeGreaterThanOrEqual(0);
        expect(word.confidence).toBeLessThanOrEqual(1);
      }
    }
    // Posteriors, not a constant: espeak-ng's voice leaves PocketSphinx unsure of some words.
    const confidences = new Set(stored.segments.flatMap((s) => s.words!.map((w) => w.confidence)));
    expect(confidences.size).toBeGreaterThan(1);
    expect(stored.segments.flatMap((segment) => segment.words)).toEqual(
      words.map((word) => expect.objectContaining(word)),
    );
  });

  it('re-aligns the words of a corrected line to its audio; the original keeps the machine’s times', async () => {
    const id = crypto.randomUUID();
    await app.storage.putFile(`${id}.wav`, recording.wavPath);
    // The machine misheard the first line, and timed its words half a second late.
    const [first, second] = recording.lines;
    const misheard = 'music field the empty feeder after midnight';
    const machineLine = (text: string, line: typeof first) => ({
      start: line!.at(0)!.start - 0.1,
      end: line!.at(-1)!.end + 0.1,
      text,
      speaker: FIRST_SPEAKER,
    });
    const lateWords = first!.map((word, index) => ({
      word: misheard.split(' ')[index]!,
      start: word.start + 0.5,
      end: word.end + 0.5,
      confidence: 0.3,
    }));
    const secondLine = machineLine(second!.map((word) => word.word).join(' '), second);
    const secondWords = spreadWords(secondLine.text, secondLine.start, secondLine.end, 0.9);
    const segments = [
      { ...machineLine(misheard, first), words: lateWords },
      { ...secondLine, words: secondWords },
    ];
    await app.database.db.insert(transcriptions).values({
      id,
      userId,
      filename: 'Words.wav',
      text: segments.map((segment) => segment.text).join(' '),
      segments,
      durationInSeconds: recording.lines.at(-1)!.at(-1)!.end + 1,
      fileSize: 1000,
      status: 'completed',
      progress: 100,
      language: 'en',
      engine: 'pocketsphinx',
      model: 'cmusphinx-en-us',
      audioFormat: 'wav',
      audioKey: `${id}.wav`,
      completedAt: new Date(),
    });

    const corrected = first!.map((word) => word.word).join(' ');
    const response = await patchTranscript(app, cookie, id, {
      segments: [
        { start: segments[0]!.start, end: segments[0]!.end, text: corrected },
        { start: secondLine.start, end: secondLine.end, text: secondLine.text },
      ],
    });
    expect(response.statusCode).toBe(200);
    // At once: the corrected words, spread over the line; the untouched line keeps its words.
    const saved = response.json<TranscriptionDto>();
    expect(saved.segments[0]!.words!.map((word) => word.word).join(' ')).toBe(corrected);
    expect(saved.segments[1]!.words).toEqual(secondWords);

    // Then the alignment job finds each word in the audio.
    const aligned = await vi.waitFor(
      async () => {
        const now = await readTranscript(app, cookie, id);
        const errors = startErrors(first!, now.segments[0]!.words!);
        const spread = startErrors(first!, saved.segments[0]!.words!);
        if (errors.every((error, index) => error === spread[index])) throw new Error('not yet');
        return { now, errors };
      },
      { timeout: 60_000, interval: 250 },
    );
    const within = aligned.errors.filter((error) => error <= TOLERANCE_SECONDS).length;
    expect(within).toBeGreaterThanOrEqual(first!.length - 1);
    expect(aligned.now.version).toBe(saved.version);
    expect(aligned.now.segments[1]!.words).toEqual(secondWords);

    const original = await app.server.inject({
      url: `/api/transcriptions/${id}/original`,
      headers: asUser(cookie),
    });
    const originalWords = original.json<OriginalTranscriptDto>().segments[0]!.words!;
    expect(originalWords.map((word) => [word.word, word.confidence])).toEqual(
      lateWords.map((word) => [word.word, 0.3]),
    );
    originalWords.forEach((word, index) =>
      expect(word.start).toBeCloseTo(lateWords[index]!.start, 2),
    );

    // The corrected subtitles start where the words are said.
    const srt = await app.server.inject({
      url: `/api/download/${id}?format=srt`,
      headers: asUser(cookie),
    });
    const firstCue = /(\d\d):(\d\d):(\d\d),(\d{3}) -->/.exec(srt.body)!;
    const cueStart = Number(firstCue[3]) + Number(firstCue[4]) / 1000;
    expect(Math.abs(cueStart - first![0]!.start)).toBeLessThanOrEqual(TOLERANCE_SECONDS);
  });
});
