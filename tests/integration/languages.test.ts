import { eq } from 'drizzle-orm';
import { createReadStream } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TranscriptionDto } from '../../src/core/api/transcriptions.js';
import { transcriptions } from '../../src/server/db/schema.js';
import {
  makeSpeechClip,
  makeTempDirectory,
  type SpeechClip,
} from '../fixtures/speech/speech-fixtures.js';
import { writeTinyWhisperModel } from '../fixtures/whisper/tiny-whisper-model.js';
import { BUILD_TIMEOUT_MS, builtWhisperServer } from '../fixtures/whisper/whisper-test-setup.js';
import { SAME_ORIGIN, signUp } from './support/accounts.js';
import { listen, uploadFile, waitForTranscription } from './support/http.js';
import { makeUserPro } from './support/subscriptions.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const NEEDS_WHISPER = 'the whisper engine, which this server has not downloaded yet';

let fixtures: { path: string; remove: () => Promise<void> };
let speech: SpeechClip;
let multilingualModel: string;

beforeAll(async () => {
  await builtWhisperServer();
  fixtures = await makeTempDirectory('sonoscript-languages-');
  speech = await makeSpeechClip(fixtures.path, 'speech', [
    { silence: 0.3 },
    { say: 'one two three four five' },
    { silence: 0.3 },
  ]);
  multilingualModel = path.join(fixtures.path, 'ggml-tiny.bin');
  await writeTinyWhisperModel(multilingualModel, { multilingual: true, seed: 5 });
}, BUILD_TIMEOUT_MS);
afterAll(async () => {
  await fixtures.remove();
});

async function proUser(app: TestApp): Promise<{ cookie: string; userId: string; key: string }> {
  const { cookie, userId } = await signUp(app);
  await makeUserPro(app, userId);
  const response = await app.server.inject({
    method: 'POST',
    url: '/api/keys',
    headers: { cookie, ...SAME_ORIGIN },
    payload: { name: 'languages' },
  });
  return { cookie, userId, key: response.json<{ key: string }>().key };
}

function openAi(baseUrl: string, apiKey: string): OpenAI {
  return new OpenAI({ apiKey, baseURL: `${baseUrl}/v1`, maxRetries: 0 });
}

async function rowsOf(app: TestApp, userId: string) {
  return app.database.db.select().from(transcriptions).where(eq(transcriptions.userId, userId));
}

async function health(app: TestApp) {
  const response = await app.server.inject({ method: 'GET', url: '/api/health' });
  return response.json<{ engine: string; speech: Record<string, unknown> }>();
}

describe('languages without a multilingual engine (PocketSphinx)', () => {
  let app: TestApp;
  let baseUrl: string;

  beforeAll(async () => {
    app = await createTestApp('pglite', { env: { RUN_WORKERS: 'true' } });
    baseUrl = await listen(app);
  });
  afterAll(async () => {
    await app.close();
  });

  it('/api/health tells clients English only, and why', async () => {
    expect(await health(app)).toMatchObject({
      engine: 'pocketsphinx',
      speech: { languages: ['en'], translate: false, needs: NEEDS_WHISPER },
    });
  });

  it('refuses another language or a translation with the reason, and an unknown code; nothing is stored', async () => {
    const { cookie, userId } = await proUser(app);
    const audioBefore = await readdir(app.config.audioDir, { recursive: true });
    const refused: Array<[Record<string, string>, number, string]> = [
      [{ language: 'de' }, 422, `Transcribing German needs ${NEEDS_WHISPER}.`],
      [{ language: 'JA' }, 422, `Transcribing Japanese needs ${NEEDS_WHISPER}.`],
      [{ task: 'translate' }, 422, `Translating to English needs ${NEEDS_WHISPER}.`],
      [
        { language: 'en', task: 'translate' },
        422,
        `Translating to English needs ${NEEDS_WHISPER}.`,
      ],
      [
        { language: 'xx' },
        400,
        'Unknown language "xx": use "auto" or an ISO 639-1 code such as "de".',
      ],
      [{ task: 'summarise' }, 400, 'task must be "transcribe" or "translate".'],
    ];
    for (const [extraFields, status, message] of refused) {
      const response = await uploadFile(baseUrl, cookie, speech.path, { extraFields });
      expect(response.status, JSON.stringify(extraFields)).toBe(status);
      expect(await response.json()).toEqual({ message });
    }
    expect(await rowsOf(app, userId)).toEqual([]);
    expect(await readdir(app.config.audioDir, { recursive: true })).toEqual(audioBefore);
  });

  it('auto says on the transcript that English was assumed; English chosen is English heard', async () => {
    const { cookie } = await proUser(app);
    const auto = (await (
      await uploadFile(baseUrl, cookie, speech.path, { extraFields: { language: 'auto' } })
    ).json()) as TranscriptionDto;
    const chosen = (await (
      await uploadFile(baseUrl, cookie, speech.path, { extraFields: { language: 'en' } })
    ).json()) as TranscriptionDto;
    const assumed = await waitForTranscription<TranscriptionDto>(baseUrl, cookie, auto.id);
    expect(assumed).toMatchObject({
      status: 'completed',
      engine: 'pocketsphinx',
      language: 'en',
      languageAssumed: true,
      task: 'transcribe',
    });
    const english = await waitForTranscription<TranscriptionDto>(baseUrl, cookie, chosen.id);
    expect(english).toMatchObject({ status: 'completed', language: 'en', languageAssumed: false });
  });

  it("the account's default language is used when the form names none", async () => {
    const { cookie, userId } = await proUser(app);
    const setting = async (method: 'GET' | 'PUT', language?: string) =>
      app.server.inject({
        method,
        url: '/api/account/default-language',
        headers: { cookie, ...SAME_ORIGIN },
        ...(language === undefined ? {} : { payload: { language } }),
      });
    expect((await setting('GET')).json()).toEqual({ language: 'auto' });
    const bad = await setting('PUT', 'klingon');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      message: 'Unknown language "klingon": use "auto" or an ISO 639-1 code such as "de".',
    });
    expect((await setting('PUT', 'DE')).json()).toEqual({ language: 'de' });
    expect((await setting('GET')).json()).toEqual({ language: 'de' });
    const refused = await uploadFile(baseUrl, cookie, speech.path);
    expect(refused.status).toBe(422);
    expect(await refused.json()).toEqual({
      message: `Transcribing German needs ${NEEDS_WHISPER}.`,
    });
    const named = await uploadFile(baseUrl, cookie, speech.path, {
      extraFields: { language: 'en' },
    });
    expect(named.status).toBe(201);
    expect((await rowsOf(app, userId)).map((row) => row.languageRequested)).toEqual(['en']);
  });

  it('/v1: translations and other languages are refused in OpenAI’s error shape', async () => {
    const { key, userId } = await proUser(app);
    const client = openAi(baseUrl, key);
    const translation = client.audio.translations.create({
      file: createReadStream(speech.path),
      model: 'whisper-1',
    });
    await expect(translation).rejects.toMatchObject({
      status: 422,
      message: expect.stringContaining(`Translating to English needs ${NEEDS_WHISPER}.`),
    });
    const german = client.audio.transcriptions.create({
      file: createReadStream(speech.path),
      model: 'whisper-1',
      language: 'de',
    });
    await expect(german).rejects.toMatchObject({
      status: 422,
      message: expect.stringContaining(`Transcribing German needs ${NEEDS_WHISPER}.`),
    });
    expect(await rowsOf(app, userId)).toEqual([]);
  });
});

describe('languages on whisper with a generated multilingual model', () => {
  let app: TestApp;
  let baseUrl: string;

  beforeAll(async () => {
    app = await createTestApp('pglite', {
      env: { RUN_WORKERS: 'true', WHISPER_MODEL: multilingualModel, WHISPER_THREADS: '2' },
    });
    baseUrl = await listen(app);
  }, BUILD_TIMEOUT_MS);
  afterAll(async () => {
    await app.close();
  });

  it('/api/health lists every whisper language and translation', async () => {
    const { engine, speech: capabilities } = await health(app);
    expect(engine).toBe('whisper');
    expect(capabilities).toMatchObject({ translate: true });
    expect(capabilities.languages).toEqual(expect.arrayContaining(['en', 'de', 'ja', 'ar', 'he']));
    expect((capabilities.languages as string[]).length).toBeGreaterThanOrEqual(99);
  });

  it('detects the language by default, takes the one chosen, and translates keeping the source', async () => {
    const { cookie } = await proUser(app);
    const upload = async (extraFields: Record<string, string>) => {
      const response = await uploadFile(baseUrl, cookie, speech.path, { extraFields });
      expect(response.status, JSON.stringify(extraFields)).toBe(201);
      const created = (await response.json()) as TranscriptionDto;
      return waitForTranscription<TranscriptionDto>(baseUrl, cookie, created.id, 180_000);
    };
    const detected = await upload({});
    expect(detected).toMatchObject({ status: 'completed', engine: 'whisper', task: 'transcribe' });
    expect(detected.language).toMatch(/^[a-z]{2,3}$/);
    expect(detected.languageAssumed).toBe(false);
    expect(await upload({ language: 'de' })).toMatchObject({ status: 'completed', language: 'de' });
    expect(await upload({ language: 'fr', task: 'translate' })).toMatchObject({
      status: 'completed',
      language: 'fr',
      task: 'translate',
    });
    const exported = await app.server.inject({
      method: 'GET',
      url: `/api/download/${detected.id}?format=json`,
      headers: { cookie },
    });
    expect(exported.json()).toMatchObject({ language: detected.language });
  });

  it('/v1/audio/translations answers in OpenAI’s shapes through the openai package', async () => {
    const { key, userId } = await proUser(app);
    const client = openAi(baseUrl, key);
    const { data: verbose, response } = await client.audio.translations
      .create({
        file: createReadStream(speech.path),
        model: 'whisper-1',
        response_format: 'verbose_json',
      })
      .withResponse();
    expect(verbose).toMatchObject({ task: 'translate', language: 'english' });
    expect(typeof verbose.text).toBe('string');
    expect(Array.isArray((verbose as { segments?: unknown }).segments)).toBe(true);
    const id = response.headers.get('x-sonoscript-transcription-id');
    const [row] = (await rowsOf(app, userId)).filter((stored) => stored.id === id);
    expect(row).toMatchObject({ task: 'translate', status: 'completed' });
    expect(row?.language).toMatch(/^[a-z]{2,3}$/);

    const json = await client.audio.translations.create({
      file: createReadStream(speech.path),
      model: 'whisper-1',
    });
    expect(Object.keys(json).sort()).toEqual(['model', 'text', 'usage']);
    const srt = await client.audio.translations.create({
      file: createReadStream(speech.path),
      model: 'whisper-1',
      response_format: 'srt',
    });
    expect(typeof srt).toBe('string');
    const vtt = await client.audio.translations.create({
      file: createReadStream(speech.path),
      model: 'whisper-1',
      response_format: 'vtt',
    });
    expect(String(vtt)).toMatch(/^WEBVTT/);
    const badFormat = client.audio.translations.create({
      file: createReadStream(speech.path),
      model: 'whisper-1',
      // diarized_json is a transcription's answer only.
      response_format: 'diarized_json' as 'json',
    });
    await expect(badFormat).rejects.toMatchObject({ status: 400 });
  });

  it('/v1/audio/transcriptions honours language, and /v1/models lists the model', async () => {
    const { key, userId } = await proUser(app);
    const client = openAi(baseUrl, key);
    const german = await client.audio.transcriptions.create({
      file: createReadStream(speech.path),
      model: 'whisper-1',
      language: 'de',
      response_format: 'verbose_json',
    });
    expect(german).toMatchObject({ task: 'transcribe', language: 'german' });
    expect((await rowsOf(app, userId)).map((row) => row.language)).toEqual(['de']);
    const models = await client.models.list();
    expect(models.data.map((model) => model.id)).toEqual(
      expect.arrayContaining(['whisper-1', 'whisper', 'tiny']),
    );
  });
});
