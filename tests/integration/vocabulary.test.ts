import { eq } from 'drizzle-orm';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TranscriptionDto } from '../../src/core/api/transcriptions.js';
import { transcriptions, vocabularies } from '../../src/server/db/schema.js';
import { speechDataDirectory } from '../fixtures/speech/dev-set.js';
import {
  makeSpeechClip,
  makeTempDirectory,
  type SpeechClip,
} from '../fixtures/speech/speech-fixtures.js';
import { SAME_ORIGIN, signUp } from './support/accounts.js';
import { databaseKinds } from './support/databases.js';
import { listen, uploadFile, waitForTranscription } from './support/http.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const kinds = await databaseKinds();
const LONG_TERM = 'x'.repeat(101);

let fixtures: { path: string; remove: () => Promise<void> };
let speech: SpeechClip;

beforeAll(async () => {
  fixtures = await makeTempDirectory('sonoscript-vocabulary-');
  speech = await makeSpeechClip(fixtures.path, 'speech', [{ say: 'one two three' }]);
});
afterAll(async () => {
  await fixtures.remove();
});

describe.each(kinds)('custom vocabulary on %s', (kind) => {
  let app: TestApp;
  let baseUrl: string;

  beforeAll(async () => {
    // No workers: what is asked is stored, nothing needs to run.
    app = await createTestApp(kind, { env: { RUN_WORKERS: 'false' } });
    baseUrl = await listen(app);
  });
  afterAll(async () => {
    await app.close();
  });

  const getVocabulary = (cookie?: string) =>
    app.server.inject({ url: '/api/vocabulary', headers: cookie ? { cookie } : {} });
  const putVocabulary = (cookie: string | undefined, payload: unknown) =>
    app.server.inject({
      method: 'PUT',
      url: '/api/vocabulary',
      headers: { ...SAME_ORIGIN, ...(cookie ? { cookie } : {}) },
      payload: payload as object,
    });

  async function uploadVocabularyOf(id: string): Promise<string[] | null | undefined> {
    const [row] = await app.database.db
      .select({ vocabulary: transcriptions.vocabulary })
      .from(transcriptions)
      .where(eq(transcriptions.id, id));
    return row?.vocabulary;
  }

  it('is for signed-in users only', async () => {
    expect((await getVocabulary()).statusCode).toBe(401);
    expect((await putVocabulary(undefined, { terms: ['Kenobi'] })).statusCode).toBe(401);
  });

  it('keeps each account its own terms, as typed, in order, once each', async () => {
    const owner = await signUp(app);
    const other = await signUp(app);
    expect((await getVocabulary(owner.cookie)).json()).toEqual({ terms: [] });
    const saved = await putVocabulary(owner.cookie, {
      terms: ['  Sweynheim ', 'Obi-Wan Kenobi', 'PostgreSQL', 'postgresql', 'Dr. Ng'],
    });
    expect(saved.statusCode).toBe(200);
    const expected = { terms: ['Sweynheim', 'Obi-Wan Kenobi', 'PostgreSQL', 'Dr. Ng'] };
    expect(saved.json()).toEqual(expected);
    expect((await getVocabulary(owner.cookie)).json()).toEqual(expected);
    expect((await getVocabulary(other.cookie)).json()).toEqual({ terms: [] });
    await putVocabulary(other.cookie, { terms: ['Pannartz'] });
    expect((await getVocabulary(owner.cookie)).json()).toEqual(expected);
    expect((await putVocabulary(owner.cookie, { terms: [] })).json()).toEqual({ terms: [] });
    expect((await getVocabulary(other.cookie)).json()).toEqual({ terms: ['Pannartz'] });
  });

  it('answers bad input 400 with a message, and changes nothing', async () => {
    const { cookie } = await signUp(app);
    await putVocabulary(cookie, { terms: ['Kenobi'] });
    const cases: Array<[unknown, string]> = [
      [{ terms: ['Kenobi', '   '] }, 'A vocabulary term cannot be empty.'],
      [{ terms: [LONG_TERM] }, 'A vocabulary term can be at most 100 characters.'],
      [
        { terms: Array.from({ length: 501 }, (_, index) => `term ${index}`) },
        'A vocabulary holds at most 500 terms.',
      ],
      [{ terms: ['two\nlines'] }, 'A vocabulary term must fit on one line.'],
      [{ terms: 'Kenobi' }, 'Send { "terms": ["a term", …] }, a list of strings.'],
      [{ terms: [5] }, 'Send { "terms": ["a term", …] }, a list of strings.'],
      [{}, 'Send { "terms": ["a term", …] }, a list of strings.'],
    ];
    for (const [payload, message] of cases) {
      const response = await putVocabulary(cookie, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(response.json<{ message: string }>().message).toContain(message);
    }
    expect((await getVocabulary(cookie)).json()).toEqual({ terms: ['Kenobi'] });
    const full = Array.from({ length: 500 }, (_, index) => `${'y'.repeat(95)}${index}`);
    expect((await putVocabulary(cookie, { terms: full })).statusCode).toBe(200);
    expect((await getVocabulary(cookie)).json<{ terms: string[] }>().terms).toHaveLength(500);
  });

  it('takes terms with each upload: the vocabulary field and OpenAI’s prompt', async () => {
    const { cookie } = await signUp(app);
    const response = await uploadFile(baseUrl, cookie, speech.path, {
      extraFields: { vocabulary: 'Sweynheim, Pannartz\nSubiaco\n\n' },
    });
    expect(response.status).toBe(201);
    const created = (await response.json()) as TranscriptionDto;
    expect(await uploadVocabularyOf(created.id)).toEqual(['Sweynheim', 'Pannartz', 'Subiaco']);
    const plain = (await (
      await uploadFile(baseUrl, cookie, speech.path)
    ).json()) as TranscriptionDto;
    expect(await uploadVocabularyOf(plain.id)).toBeNull();

    const refused = await uploadFile(baseUrl, cookie, speech.path, {
      extraFields: { vocabulary: `Kenobi, ${LONG_TERM}` },
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toContain(
      'A vocabulary term can be at most 100 characters.',
    );

    const keyResponse = await app.server.inject({
      method: 'POST',
      url: '/api/keys',
      headers: { cookie, ...SAME_ORIGIN },
      payload: { name: 'vocabulary' },
    });
    const { key } = keyResponse.json<{ key: string }>();
    const bytes = await readFile(speech.path);
    const send = (prompt: string) => {
      const form = new FormData();
      form.append('model', 'whisper-1');
      form.append('prompt', prompt);
      form.append('file', new Blob([bytes]), 'speech.wav');
      return fetch(`${baseUrl}/v1/audio/transcriptions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}` },
        body: form,
      });
    };
    const badPrompt = await send(LONG_TERM);
    expect(badPrompt.status).toBe(400);
    expect(((await badPrompt.json()) as { error: { message: string } }).error.message).toContain(
      'A vocabulary term can be at most 100 characters.',
    );
  });

  it('goes with the account when it is deleted', async () => {
    const { cookie, userId } = await signUp(app);
    await putVocabulary(cookie, { terms: ['Kenobi'] });
    const deleted = await app.server.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: { cookie, ...SAME_ORIGIN },
      payload: { confirm: true, password: 'correct horse battery' },
    });
    expect(deleted.statusCode).toBe(200);
    const rows = await app.database.db
      .select()
      .from(vocabularies)
      .where(eq(vocabularies.userId, userId));
    expect(rows).toEqual([]);
  });
});

describe('custom vocabulary through PocketSphinx (a real clip, the real engine)', () => {
  let app: TestApp;
  let baseUrl: string;
  // LJ Speech LJ001-0031: "In fourteen sixty-five Sweynheim and Pannartz began printing in the
  // monastery of Subiaco near Rome". None of the three names is in the en-us dictionary.
  const clip = path.join(speechDataDirectory(), 'ljspeech', 'LJ001-0031.wav');

  beforeAll(async () => {
    app = await createTestApp('pglite', {
      env: { RUN_WORKERS: 'true', WORKER_CONCURRENCY: '1', TRANSCRIPTION_ENGINE: 'pocketsphinx' },
    });
    baseUrl = await listen(app);
  });
  afterAll(async () => {
    await app.close();
  });

  async function transcribe(cookie: string, extraFields: Record<string, string> = {}) {
    const response = await uploadFile(baseUrl, cookie, clip, { extraFields });
    expect(response.status).toBe(201);
    const created = (await response.json()) as TranscriptionDto;
    const done = await waitForTranscription<TranscriptionDto>(baseUrl, cookie, created.id, 180_000);
    expect(done.status).toBe('completed');
    return done.text;
  }

  it('writes names outside the dictionary only when they are in the vocabulary, as typed', async () => {
    const owner = await signUp(app);
    const stranger = await signUp(app);
    const before = await transcribe(owner.cookie);
    expect(before.toLowerCase()).not.toMatch(/sweynheim|pannartz|subiaco/);

    await app.server.inject({
      method: 'PUT',
      url: '/api/vocabulary',
      headers: { cookie: owner.cookie, ...SAME_ORIGIN },
      // A whole project's list, as an account keeps it: more than a handful of new words once
      // crashed the decoder (sphinxbase's trie and words added after loading, decision 0066).
      payload: {
        terms: [
          'Sweynheim',
          'Pannartz',
          'Schoeffer',
          'Maintz',
          'woodcutters',
          'shapeliness',
          'missals',
          'pleasanter',
          'counselled',
          "Feed'st",
          'buriest',
          'churl',
          "mak'st",
          'niggarding',
        ],
      },
    });
    const withVocabulary = await transcribe(owner.cookie, { vocabulary: 'Subiaco' });
    expect(withVocabulary).toContain('Sweynheim');
    expect(withVocabulary).toContain('Pannartz');
    expect(withVocabulary).toContain('Subiaco');

    // The decoder that learned them serves the next account: it must not know them...
    const afterwards = await transcribe(stranger.cookie);
    expect(afterwards.toLowerCase()).not.toMatch(/sweynheim|pannartz|subiaco/);

    // ...unless that account names one itself, here through OpenAI's prompt.
    const keyResponse = await app.server.inject({
      method: 'POST',
      url: '/api/keys',
      headers: { cookie: stranger.cookie, ...SAME_ORIGIN },
      payload: { name: 'vocabulary' },
    });
    const { key } = keyResponse.json<{ key: string }>();
    const form = new FormData();
    form.append('model', 'whisper-1');
    form.append('prompt', 'Subiaco');
    form.append('file', new Blob([await readFile(clip)]), 'LJ001-0031.wav');
    const answer = await fetch(`${baseUrl}/v1/audio/transcriptions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}` },
      body: form,
    });
    expect(answer.status).toBe(200);
    const { text } = (await answer.json()) as { text: string };
    expect(text).toContain('Subiaco');
    expect(text.toLowerCase()).not.toMatch(/sweynheim|pannartz/);
  }, 600_000);
});
