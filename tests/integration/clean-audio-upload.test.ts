import path from 'node:path';
import { eq } from 'drizzle-orm';
import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TranscriptionDto } from '../../src/core/api/transcriptions.js';
import { transcriptions } from '../../src/server/db/schema.js';
import type { SpeechEngine } from '../../src/server/speech/engines/engine.js';
import { createPocketSphinxEngine } from '../../src/server/speech/engines/pocketsphinx/pocketsphinx-engine.js';
import { startTranscriptionSignals } from '../../src/server/live/transcription-signals.js';
import { processTranscription } from '../../src/server/transcriptions/processing/process-transcription.js';
import { makeDevSetRecording } from '../fixtures/speech/dev-set.js';
import { makeNonSpeech, mixAtSnr } from '../fixtures/speech/non-speech-audio.js';
import { makeTempDirectory } from '../fixtures/speech/speech-fixtures.js';
import { signUp } from './support/accounts.js';
import { databaseKinds } from './support/databases.js';
import { getJson, listen, uploadFile } from './support/http.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { leftInWorkFolder } from './support/work-folder.js';

const kinds = await databaseKinds();
/** A whole transcription job on PocketSphinx, on a machine that may be busy. */
const JOB_TIMEOUT_MS = 600_000;
const DENOISE_MESSAGE = 'denoise must be "auto", "on" or "off".';

let fixtures: { path: string; remove: () => Promise<void> };
/** Real read speech after 4 s of music alone, the music going on under it at 5 dB. */
let speechUnderMusic: string;
/** 20 s of instrumental music: PocketSphinx alone wrote about 40 words a minute for it. */
let music: string;

beforeAll(async () => {
  fixtures = await makeTempDirectory('sonoscript-clean-audio-');
  music = path.join(fixtures.path, 'music.wav');
  await makeNonSpeech('music-chords-drums', 20, music);
  const speech = await makeDevSetRecording(path.join(fixtures.path, 'speech.wav'), [
    { silence: 4 },
    { clip: 'ljspeech/LJ001-0003.wav' },
    { silence: 1 },
  ]);
  speechUnderMusic = path.join(fixtures.path, 'speech-under-music.wav');
  await mixAtSnr(speech, music, 5, speechUnderMusic);
});
afterAll(async () => {
  await fixtures.remove();
});

describe.each(kinds)('the denoise form field on %s', (kind) => {
  let app: TestApp;
  let baseUrl: string;

  beforeAll(async () => {
    app = await createTestApp(kind, { env: { RUN_WORKERS: 'false' } });
    baseUrl = await listen(app);
  });
  afterAll(async () => {
    await app.close();
  });

  it('POST /api/transcriptions: stores auto, on or off, auto when absent', async () => {
    const { cookie } = await signUp(app);
    const asked: Array<[Record<string, string>, string]> = [
      [{}, 'auto'],
      [{ denoise: 'auto' }, 'auto'],
      [{ denoise: 'on' }, 'on'],
      [{ denoise: 'off' }, 'off'],
    ];
    for (const [extraFields, expected] of asked) {
      const response = await uploadFile(baseUrl, cookie, music, { extraFields });
      expect(response.status, JSON.stringify(extraFields)).toBe(201);
      const created = (await response.json()) as TranscriptionDto;
      expect(created).toMatchObject({ denoise: expected, denoised: null, droppedAudio: [] });
      const [row] = await app.database.db
        .select({ denoise: transcriptions.denoise })
        .from(transcriptions)
        .where(eq(transcriptions.id, created.id));
      expect(row?.denoise).toBe(expected);
    }
  });

  it('POST /api/transcriptions: any other value is a 400 and nothing is stored', async () => {
    const { cookie, userId } = await signUp(app);
    const audioBefore = await readdir(app.config.audioDir, { recursive: true });
    for (const denoise of ['yes', 'true', '1', 'ON', '', ' on']) {
      const response = await uploadFile(baseUrl, cookie, music, { extraFields: { denoise } });
      expect(response.status, JSON.stringify(denoise)).toBe(400);
      expect(await response.json()).toEqual({ message: DENOISE_MESSAGE });
    }
    const rows = await app.database.db
      .select({ id: transcriptions.id })
      .from(transcriptions)
      .where(eq(transcriptions.userId, userId));
    expect(rows).toEqual([]);
    expect(await readdir(app.config.audioDir, { recursive: true })).toEqual(audioBefore);
    expect(await leftInWorkFolder(app)).toEqual([]);
  });
});

/** The job that processes an upload, with the real speech detector and PocketSphinx. */
describe('speech detection and noise suppression in the transcription job', () => {
  let app: TestApp;
  let baseUrl: string;
  let user: { cookie: string; userId: string };
  let engine: SpeechEngine;

  beforeAll(async () => {
    app = await createTestApp('pglite', { env: { RUN_WORKERS: 'false' } });
    engine = createPocketSphinxEngine({ parallelism: 1 });
    baseUrl = await listen(app);
    user = await signUp(app);
  });
  afterAll(async () => {
    await engine.close();
    await app.close();
  });

  async function transcribe(file: string, denoise: string): Promise<TranscriptionDto> {
    const response = await uploadFile(baseUrl, user.cookie, file, { extraFields: { denoise } });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as TranscriptionDto;
    const signals = await startTranscriptionSignals(app.database);
    const errors: string[] = [];
    try {
      await processTranscription(
        {
          db: app.database.db,
          storage: app.storage,
          workDir: app.workDir,
          engine,
          signals,
          log: {
            warn: () => undefined,
            error: (_: object, message: string) => errors.push(message),
          },
        },
        { transcriptionId: id },
        { retryCount: 0, retryLimit: 0, queuedAt: new Date() },
      );
    } finally {
      await signals.close();
    }
    expect(errors).toEqual([]);
    const { body } = await getJson<TranscriptionDto>(
      baseUrl,
      user.cookie,
      `/api/transcriptions/${id}`,
    );
    expect(body.status).toBe('completed');
    return body;
  }

  it(
    'writes no words for instrumental music',
    async () => {
      const done = await transcribe(music, 'off');
      expect(done.text).toBe('');
      expect(done.segments).toEqual([]);
      expect(done.denoised).toBe(false);
    },
    JOB_TIMEOUT_MS,
  );

  it(
    'keeps speech under music, timed inside the speech, and denoises when asked',
    async () => {
      const done = await transcribe(speechUnderMusic, 'on');
      expect(done.denoised).toBe(true);
      const words = done.text.split(' ').filter(Boolean);
      // LJ001-0003 has 24 words; PocketSphinx gets many of them even under music.
      expect(words.length).toBeGreaterThanOrEqual(12);
      for (const word of ['chinese', 'wood', 'centuries']) expect(words).toContain(word);
      // The music plays alone for the first 4 s: no segment starts there.
      for (const segment of done.segments) expect(segment.start).toBeGreaterThanOrEqual(3.7);
    },
    JOB_TIMEOUT_MS,
  );
});
