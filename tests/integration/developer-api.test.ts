import { eq, sql } from 'drizzle-orm';
import { createReadStream } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import OpenAI, { toFile } from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  TranscriptionDto,
  TranscriptionListItemDto,
} from '../../src/core/api/transcriptions.js';
import { MAX_UPLOAD_BYTES } from '../../src/core/plans.js';
import type {
  TranscriptionDiarized,
  TranscriptionDiarizedSegment,
} from 'openai/resources/audio/transcriptions';
import { apiKeys, monthlyTranscriptionCounts, transcriptions } from '../../src/server/db/schema.js';
import {
  makeSpeechClip,
  makeTempDirectory,
  type SpeechClip,
} from '../fixtures/speech/speech-fixtures.js';
import { SAME_ORIGIN, signUp } from './support/accounts.js';
import { databaseKinds } from './support/databases.js';
import { listen } from './support/http.js';
import { makeUserPro } from './support/subscriptions.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const kinds = await databaseKinds();
const COUNTING = 'one two three four five six seven eight nine ten';

let fixtures: { path: string; remove: () => Promise<void> };
let counting: SpeechClip;
let longer: SpeechClip;

beforeAll(async () => {
  fixtures = await makeTempDirectory('sonoscript-developer-api-');
  counting = await makeSpeechClip(fixtures.path, 'counting', [
    { silence: 0.3 },
    { say: COUNTING },
    { silence: 0.3 },
  ]);
  longer = await makeSpeechClip(fixtures.path, 'longer', [{ say: COUNTING }, { silence: 30 }]);
});
afterAll(async () => {
  await fixtures.remove();
});

interface CreatedKey {
  id: string;
  name: string;
  key: string;
  createdAt: string;
}

async function createKey(app: TestApp, cookie: string, name = 'script'): Promise<CreatedKey> {
  const response = await app.server.inject({
    method: 'POST',
    url: '/api/keys',
    headers: { cookie, ...SAME_ORIGIN },
    payload: { name },
  });
  expect(response.statusCode).toBe(201);
  return response.json<CreatedKey>();
}

function client(baseUrl: string, apiKey: string): OpenAI {
  return new OpenAI({ apiKey, baseURL: `${baseUrl}/v1`, maxRetries: 0 });
}

async function apiError(promise: Promise<unknown>): Promise<InstanceType<typeof OpenAI.APIError>> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof OpenAI.APIError) return error;
    throw error;
  }
  throw new Error('expected the request to fail');
}

describe.each(kinds)('developer API on %s', (kind) => {
  let app: TestApp;
  let baseUrl: string;
  let pro: { cookie: string; userId: string; key: CreatedKey };

  beforeAll(async () => {
    app = await createTestApp(kind, { env: { RUN_WORKERS: 'true', WORKER_CONCURRENCY: '2' } });
    baseUrl = await listen(app);
    const { cookie, userId } = await signUp(app);
    await makeUserPro(app, userId);
    pro = { cookie, userId, key: await createKey(app, cookie) };
  });
  afterAll(async () => {
    await app.close();
  });

  it('keys: the secret is shown once, lists show name and prefix, and a key cannot mint keys', async () => {
    expect(pro.key.key).toMatch(/^sk-sono-[A-Za-z0-9_-]{40,}$/);
    const list = await app.server.inject({
      method: 'GET',
      url: '/api/keys',
      headers: { cookie: pro.cookie },
    });
    expect(list.statusCode).toBe(200);
    const [listed] = list.json<Array<Record<string, unknown>>>();
    expect(listed).toMatchObject({ id: pro.key.id, name: 'script', createdAt: pro.key.createdAt });
    expect(pro.key.key.startsWith(String(listed?.prefix))).toBe(true);
    expect(list.body).not.toContain(pro.key.key);
    const stored = await app.database.db.select().from(apiKeys).where(eq(apiKeys.id, pro.key.id));
    expect(JSON.stringify(stored)).not.toContain(pro.key.key);

    const withKey = await app.server.inject({
      method: 'POST',
      url: '/api/keys',
      headers: { authorization: `Bearer ${pro.key.key}` },
      payload: { name: 'minted by a key' },
    });
    expect(withKey.statusCode).toBe(403);
    const anonymous = await app.server.inject({ method: 'GET', url: '/api/keys' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('transcribes with the official OpenAI SDK, and the transcript is in the library', async () => {
    const openai = client(baseUrl, pro.key.key);
    const { data, response } = await openai.audio.transcriptions
      .create({ file: createReadStream(counting.path), model: 'whisper-1' })
      .withResponse();
    expect(data.text).toContain('three four five six');
    expect(response.headers.get('x-sonoscript-truncated')).toBeNull();
    // Asked for whisper-1 on a server without whisper: the answer names what really ran.
    expect(response.headers.get('x-sonoscript-engine')).toBe('pocketsphinx/cmusphinx-en-us');
    expect((data as unknown as { model: string }).model).toBe('pocketsphinx/cmusphinx-en-us');

    const library = await fetch(`${baseUrl}/api/transcriptions`, {
      headers: { authorization: `Bearer ${pro.key.key}` },
    });
    expect(library.status).toBe(200);
    const items = (await library.json()) as TranscriptionListItemDto[];
    expect(items[0]).toMatchObject({ filename: 'counting.wav', status: 'completed' });

    const listed = await app.server.inject({
      method: 'GET',
      url: '/api/keys',
      headers: { cookie: pro.cookie },
    });
    expect(listed.json<Array<{ lastUsedAt: string | null }>>()[0]?.lastUsedAt).not.toBeNull();
  });

  it('a wrong key and a revoked key get 401 in OpenAI’s error shape', async () => {
    const wrong = await apiError(client(baseUrl, 'sk-sono-wrong').models.list());
    expect(wrong.status).toBe(401);
    expect(wrong.code).toBe('invalid_api_key');
    expect(wrong.type).toBe('invalid_request_error');

    const doomed = await createKey(app, pro.cookie, 'doomed');
    expect((await client(baseUrl, doomed.key).models.list()).data.length).toBeGreaterThan(0);
    const revoked = await app.server.inject({
      method: 'DELETE',
      url: `/api/keys/${doomed.id}`,
      headers: { cookie: pro.cookie, ...SAME_ORIGIN },
    });
    expect(revoked.statusCode).toBe(200);
    const afterRevoke = await apiError(
      client(baseUrl, doomed.key).audio.transcriptions.create({
        file: createReadStream(counting.path),
        model: 'whisper-1',
      }),
    );
    expect(afterRevoke.status).toBe(401);
    expect(afterRevoke.error).toMatchObject({ code: 'invalid_api_key' });
  });

  it('deleting the account ends its keys at once', async () => {
    const { cookie } = await signUp(app);
    const created = await createKey(app, cookie, 'leaving');
    expect((await client(baseUrl, created.key).models.list()).data.length).toBeGreaterThan(0);
    const deleted = await app.server.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: { cookie, ...SAME_ORIGIN },
      payload: { confirm: true, password: 'correct horse battery' },
    });
    expect(deleted.statusCode).toBe(200);
    const afterDeletion = await apiError(client(baseUrl, created.key).models.list());
    expect(afterDeletion.status).toBe(401);
    expect(afterDeletion.error).toMatchObject({ code: 'invalid_api_key' });
  });

  it('free plan: 30 s truncation in a header, then 429 with Retry-After when the month is used up', async () => {
    const { cookie, userId } = await signUp(app);
    const key = await createKey(app, cookie);
    const openai = client(baseUrl, key.key);
    const { data, response } = await openai.audio.transcriptions
      .create({ file: createReadStream(longer.path), model: 'default' })
      .withResponse();
    expect(response.headers.get('x-sonoscript-truncated')).toBe('true');
    expect(data.text).toContain('three four five');

    // Nine more this month, as the web app would have counted them.
    await app.database.db
      .update(monthlyTranscriptionCounts)
      .set({ count: sql`${monthlyTranscriptionCounts.count} + 9` })
      .where(eq(monthlyTranscriptionCounts.userId, userId));
    const refused = await apiError(
      openai.audio.transcriptions.create({
        file: createReadStream(counting.path),
        model: 'default',
      }),
    );
    expect(refused.status).toBe(429);
    expect(refused.error).toMatchObject({ type: 'insufficient_quota' });
    expect(refused.message).toContain('Monthly limit reached');
    expect(Number(refused.headers?.get('retry-after'))).toBeGreaterThan(0);
  });

  it('counts each key’s requests per minute in the database: 429 with Retry-After over the limit', async () => {
    // An account of its own: the budget is its account's too, and the other tests use pro's.
    const { cookie } = await signUp(app);
    const key = await createKey(app, cookie, 'busy');
    const minute = Math.floor(Date.now() / 60_000);
    // 60 requests already made this minute, by any API process.
    await app.database.db
      .update(apiKeys)
      .set({ rateWindow: minute, rateCount: 60 })
      .where(eq(apiKeys.id, key.id));
    const limited = await apiError(client(baseUrl, key.key).models.list());
    if (Math.floor(Date.now() / 60_000) !== minute) return; // the minute turned: a fresh budget
    expect(limited.status).toBe(429);
    expect(limited.code).toBe('rate_limit_exceeded');
    expect(Number(limited.headers?.get('retry-after'))).toBeGreaterThan(0);
  });

  it('the library accepts a key: upload answers at once, then get and delete; no origin check', async () => {
    const form = new FormData();
    const bytes = await import('node:fs/promises').then((fs) => fs.readFile(counting.path));
    form.append('audio', new Blob([bytes]), 'by-key.wav');
    const created = await fetch(`${baseUrl}/api/transcriptions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${pro.key.key}`, origin: 'https://elsewhere.example' },
      body: form,
    });
    expect(created.status).toBe(201);
    const dto = (await created.json()) as TranscriptionDto;
    expect(dto.status).toBe('queued');

    const headers = { authorization: `Bearer ${pro.key.key}` };
    const detail = await fetch(`${baseUrl}/api/transcriptions/${dto.id}`, { headers });
    expect(detail.status).toBe(200);
    const removed = await fetch(`${baseUrl}/api/transcriptions/${dto.id}`, {
      method: 'DELETE',
      headers,
    });
    expect(removed.status).toBe(200);
    expect((await fetch(`${baseUrl}/api/transcriptions/${dto.id}`, { headers })).status).toBe(404);

    // A cookie request from another site is still refused.
    const crossSite = await fetch(`${baseUrl}/api/transcriptions/${dto.id}`, {
      method: 'DELETE',
      headers: { cookie: pro.cookie, origin: 'https://elsewhere.example' },
    });
    expect(crossSite.status).toBe(403);
  });
});

describe('developer API answers (one database: they do not depend on it)', () => {
  let app: TestApp;
  let baseUrl: string;
  let openai: OpenAI;

  beforeAll(async () => {
    app = await createTestApp('pglite', { env: { RUN_WORKERS: 'true', WORKER_CONCURRENCY: '2' } });
    baseUrl = await listen(app);
    const { cookie, userId } = await signUp(app);
    await makeUserPro(app, userId);
    openai = client(baseUrl, (await createKey(app, cookie)).key);
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers in every response_format in OpenAI’s shapes', async () => {
    const transcribe = <F extends 'text' | 'srt' | 'vtt' | 'json'>(response_format: F) =>
      openai.audio.transcriptions.create({
        file: createReadStream(counting.path),
        model: 'whisper-1',
        response_format,
      });
    // Clients at once, as scripts send them: three, the most one user may upload at a time.
    const [text, srt, vtt] = await Promise.all([
      transcribe('text'),
      transcribe('srt'),
      transcribe('vtt'),
    ]);
    const [json, verbose] = await Promise.all([
      transcribe('json'),
      openai.audio.transcriptions.create({
        file: createReadStream(counting.path),
        model: 'whisper-1',
        response_format: 'verbose_json',
        timestamp_granularities: ['segment'],
      }),
    ]);
    expect(text).toContain('three four five six');
    expect(srt).toMatch(/^1\n00:00:0\d,\d{3} --> 00:00:0\d,\d{3}\n/);
    expect(vtt).toMatch(/^WEBVTT\n\n00:00:0\d\.\d{3} --> /);
    expect(json.text).toContain('three four five six');
    expect(verbose).toMatchObject({ task: 'transcribe', language: 'english' });
    expect(verbose.duration).toBeCloseTo(counting.duration, 0);
    expect(verbose.text).toContain('three four five six');
    expect(verbose.segments?.[0]).toMatchObject({ id: 0, start: expect.any(Number) });
    expect(verbose.segments?.map((segment) => segment.text).join(' ')).toContain('four five');
  });

  it('speakers: verbose_json segments name theirs, diarized_json is OpenAI’s diarized shape', async () => {
    // One voice counting: one speaker, whoever detects it. `speakers` is not in the SDK's types.
    const diarizedParams = {
      file: createReadStream(counting.path),
      model: 'whisper-1',
      response_format: 'diarized_json' as const,
      speakers: '1',
    };
    const [diarizedAnswer, verbose] = await Promise.all([
      openai.audio.transcriptions.create(diarizedParams).withResponse(),
      openai.audio.transcriptions.create({
        file: createReadStream(counting.path),
        model: 'whisper-1',
        response_format: 'verbose_json',
        timestamp_granularities: ['segment'],
      }),
    ]);
    expect(verbose.segments?.length).toBeGreaterThan(0);
    for (const segment of verbose.segments ?? [])
      expect(segment).toMatchObject({ speaker: 'Speaker 1' });

    const diarized = diarizedAnswer.data as unknown as TranscriptionDiarized;
    expect(Object.keys(diarized).sort()).toEqual([
      'duration',
      'model',
      'segments',
      'task',
      'text',
      'usage',
    ]);
    expect(diarized).toMatchObject({
      task: 'transcribe',
      usage: { type: 'duration', seconds: Math.ceil(diarized.duration) },
    });
    expect(diarized.duration).toBeCloseTo(counting.duration, 0);
    expect(diarized.text).toContain('three four five six');
    expect(diarized.segments.length).toBeGreaterThan(0);
    diarized.segments.forEach((segment: TranscriptionDiarizedSegment, index) => {
      expect(segment).toEqual({
        type: 'transcript.text.segment',
        id: `seg_${index}`,
        start: expect.any(Number),
        end: expect.any(Number),
        text: expect.any(String),
        speaker: 'Speaker 1',
      });
      expect(segment.end).toBeGreaterThanOrEqual(segment.start);
    });
    expect(diarized.segments.map((segment) => segment.text).join(' ')).toContain('four five');

    // The transcript in the library asked for one speaker, as the form said.
    const id = diarizedAnswer.response.headers.get('x-sonoscript-transcription-id') ?? '';
    const [row] = await app.database.db
      .select({ speakersRequested: transcriptions.speakersRequested })
      .from(transcriptions)
      .where(eq(transcriptions.id, id));
    expect(row?.speakersRequested).toBe(1);
  });

  it('lists its models in OpenAI’s shape, and refuses one it does not have', async () => {
    const models = await openai.models.list();
    const ids = models.data.map((model) => model.id);
    // Only what can run: no whisper-1 on a server without whisper (it is still accepted).
    expect(ids).toEqual(['default', 'pocketsphinx', 'cmusphinx-en-us']);
    expect(models.data[0]).toMatchObject({ object: 'model', owned_by: 'sonoscript' });
    const unknown = await apiError(
      openai.audio.transcriptions.create({
        file: createReadStream(counting.path),
        model: 'gpt-4o-transcribe-huge',
      }),
    );
    expect(unknown.status).toBe(400);
    expect(unknown.code).toBe('model_not_found');
  });

  it('refuses a text file named .wav with 400, and a 100 MB + 1 byte file with 413', async () => {
    const fake = `${fixtures.path}/notes.wav`;
    await writeFile(fake, 'These are my meeting notes, not audio.\n'.repeat(20));
    const notAudio = await apiError(
      openai.audio.transcriptions.create({ file: createReadStream(fake), model: 'whisper-1' }),
    );
    expect(notAudio.status).toBe(400);
    expect(notAudio.type).toBe('invalid_request_error');

    const huge = await apiError(
      openai.audio.transcriptions.create({
        file: await toFile(Buffer.alloc(MAX_UPLOAD_BYTES + 1), 'huge.wav'),
        model: 'whisper-1',
      }),
    );
    expect(huge.status).toBe(413);
    expect(huge.code).toBe('file_too_large');
  });
});
