import { eq } from 'drizzle-orm';
import { readdir, readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TranscriptionDto } from '../../src/core/api/transcriptions.js';
import { transcriptions } from '../../src/server/db/schema.js';
import {
  makeSpeechClip,
  makeTempDirectory,
  type SpeechClip,
} from '../fixtures/speech/speech-fixtures.js';
import { SAME_ORIGIN, signUp } from './support/accounts.js';
import { databaseKinds } from './support/databases.js';
import { listen, uploadFile } from './support/http.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { leftInWorkFolder } from './support/work-folder.js';

const kinds = await databaseKinds();
const SPEAKERS_MESSAGE = 'speakers must be "auto" or a whole number from 1 to 10.';
const BAD_VALUES = ['0', '11', '2.5', '-1', 'two', 'Auto', '', ' 2', '100'];

let fixtures: { path: string; remove: () => Promise<void> };
let speech: SpeechClip;

beforeAll(async () => {
  fixtures = await makeTempDirectory('sonoscript-speakers-upload-');
  speech = await makeSpeechClip(fixtures.path, 'speech', [{ say: 'one two three four five' }]);
});
afterAll(async () => {
  await fixtures.remove();
});

describe.each(kinds)('the speakers form field on %s', (kind) => {
  let app: TestApp;
  let baseUrl: string;

  beforeAll(async () => {
    // No workers: what is asked is stored with the queued transcription, nothing needs to run.
    app = await createTestApp(kind, { env: { RUN_WORKERS: 'false' } });
    baseUrl = await listen(app);
  });
  afterAll(async () => {
    await app.close();
  });

  async function speakersRequestedOf(id: string): Promise<number | null | undefined> {
    const [row] = await app.database.db
      .select({ speakersRequested: transcriptions.speakersRequested })
      .from(transcriptions)
      .where(eq(transcriptions.id, id));
    return row?.speakersRequested;
  }

  async function rowsOf(userId: string): Promise<number> {
    const rows = await app.database.db
      .select({ id: transcriptions.id })
      .from(transcriptions)
      .where(eq(transcriptions.userId, userId));
    return rows.length;
  }

  async function storedAudio(): Promise<string[]> {
    return readdir(app.config.audioDir, { recursive: true });
  }

  it('POST /api/transcriptions: no field and auto detect, a number asks for that many', async () => {
    const { cookie } = await signUp(app);
    const asked: Array<[Record<string, string>, number | null]> = [
      [{}, null],
      [{ speakers: 'auto' }, null],
      [{ speakers: '2' }, 2],
      [{ speakers: '1' }, 1],
      [{ speakers: '10' }, 10],
    ];
    for (const [extraFields, expected] of asked) {
      const response = await uploadFile(baseUrl, cookie, speech.path, { extraFields });
      expect(response.status, JSON.stringify(extraFields)).toBe(201);
      const created = (await response.json()) as TranscriptionDto;
      expect(await speakersRequestedOf(created.id)).toBe(expected);
    }
  });

  it('POST /api/transcriptions: any other value is a 400 and nothing is stored', async () => {
    const { cookie, userId } = await signUp(app);
    const audioBefore = await storedAudio();
    for (const speakers of BAD_VALUES) {
      const response = await uploadFile(baseUrl, cookie, speech.path, {
        extraFields: { speakers },
      });
      expect(response.status, JSON.stringify(speakers)).toBe(400);
      expect(await response.json()).toEqual({ message: SPEAKERS_MESSAGE });
    }
    expect(await rowsOf(userId)).toBe(0);
    expect(await storedAudio()).toEqual(audioBefore);
    expect(await leftInWorkFolder(app)).toEqual([]);
  });

  it('/v1/audio/transcriptions: a bad value is a 400 in OpenAI’s error shape, nothing stored', async () => {
    const { cookie, userId } = await signUp(app);
    const keyResponse = await app.server.inject({
      method: 'POST',
      url: '/api/keys',
      headers: { cookie, ...SAME_ORIGIN },
      payload: { name: 'speakers' },
    });
    const { key } = keyResponse.json<{ key: string }>();
    const bytes = await readFile(speech.path);
    for (const speakers of ['0', '11', 'many']) {
      const form = new FormData();
      form.append('model', 'whisper-1');
      form.append('speakers', speakers);
      form.append('file', new Blob([bytes]), 'speech.wav');
      const response = await fetch(`${baseUrl}/v1/audio/transcriptions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}` },
        body: form,
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        error: {
          message: SPEAKERS_MESSAGE,
          type: 'invalid_request_error',
          param: null,
          code: null,
        },
      });
    }
    expect(await rowsOf(userId)).toBe(0);
    expect(await leftInWorkFolder(app)).toEqual([]);
  });

  it('"Transcribe again" keeps the number of speakers the upload asked for', async () => {
    const { cookie } = await signUp(app);
    const response = await uploadFile(baseUrl, cookie, speech.path, {
      extraFields: { speakers: '3' },
    });
    const created = (await response.json()) as TranscriptionDto;
    // As the job would leave it, so it may run again.
    await app.database.db
      .update(transcriptions)
      .set({ status: 'completed', progress: 100, completedAt: new Date() })
      .where(eq(transcriptions.id, created.id));
    const again = await app.server.inject({
      method: 'POST',
      url: `/api/transcriptions/${created.id}/retranscribe`,
      headers: { cookie, ...SAME_ORIGIN },
    });
    expect(again.statusCode).toBe(202);
    expect(again.json<TranscriptionDto>().status).toBe('queued');
    expect(await speakersRequestedOf(created.id)).toBe(3);
  });
});
