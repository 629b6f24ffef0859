import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TranscriptionDto } from '../../src/core/api/transcriptions.js';
import type { KnownVoiceDto, KnownVoicesDto } from '../../src/core/api/voices.js';
import { knownVoices, knownVoiceSources } from '../../src/server/db/schema.js';
import { rememberNamedVoices } from '../../src/server/known-voices/remember-named-voices.js';
import {
  REMEMBER_VOICES_QUEUE,
  workRememberVoices,
} from '../../src/server/known-voices/remember-voices-jobs.js';
import { startTranscriptionSignals } from '../../src/server/live/transcription-signals.js';
import { createPocketSphinxEngine } from '../../src/server/speech/engines/pocketsphinx/pocketsphinx-engine.js';
import type { SpeechEngine } from '../../src/server/speech/engines/engine.js';
import { processTranscription } from '../../src/server/transcriptions/processing/process-transcription.js';
import { SAME_ORIGIN, signUp } from './support/accounts.js';
import { listen, uploadFile } from './support/http.js';
import { makeUserPro } from './support/subscriptions.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { asUser, patchTranscript, readTranscript } from './support/transcripts.js';
import { speakersDataDirectory } from '../fixtures/speech/dev-set.js';

const SPEAKERS_DATA = speakersDataDirectory();

type Account = { cookie: string; userId: string; remembers: boolean };

/**
 * Known voices on real speech: conversation 03 of shared/data/speakers cut in two recordings,
 * each holding turns of both readers (reader 3242 opens the first, reader 2416 the second).
 */
describe('known voices', () => {
  let app: TestApp;
  let baseUrl: string;
  let engine: SpeechEngine;
  let cuts: string;
  /** 0-15.5 s: 3242 (0-3.3), 2416 (3.8-9.3), 3242 (9.9-15.2). */
  let firstHalf: string;
  /** 15.5 s on: 2416 (0.4-6.5), 3242 (7-10.9), 2416 (11.7-14.3). */
  let secondHalf: string;

  beforeAll(async () => {
    app = await createTestApp('pglite');
    engine = createPocketSphinxEngine({ parallelism: 1 });
    baseUrl = await listen(app);
    cuts = mkdtempSync(path.join(tmpdir(), 'known-voices-'));
    const source = path.join(SPEAKERS_DATA, 'conversation-03-2-speakers.flac');
    const cut = (name: string, range: string[]) => {
      const output = path.join(cuts, name);
      execFileSync('ffmpeg', ['-v', 'error', '-i', source, ...range, '-y', output]);
      return output;
    };
    firstHalf = cut('interview-monday.flac', ['-t', '15.5']);
    secondHalf = cut('interview-tuesday.flac', ['-ss', '15.5']);
    // The app runs no workers: the job that remembers named voices runs here, as a worker would.
    await workRememberVoices(app.queue, (data) =>
      rememberNamedVoices(
        { db: app.database.db, storage: app.storage, workDir: app.workDir },
        data,
      ),
    );
  });
  afterAll(async () => {
    await engine.close();
    await app.close();
    rmSync(cuts, { recursive: true, force: true });
  });

  async function newAccount(rememberVoices: boolean, pro = true): Promise<Account> {
    const account = await signUp(app);
    if (pro) await makeUserPro(app, account.userId);
    if (rememberVoices) await setRememberVoices(account, true);
    return { ...account, remembers: rememberVoices };
  }

  async function setRememberVoices(account: { cookie: string }, rememberVoices: boolean) {
    const response = await app.server.inject({
      method: 'PUT',
      url: '/api/account/voice-preferences',
      headers: asUser(account.cookie),
      payload: { rememberVoices },
    });
    expect(response.statusCode).toBe(200);
  }

  async function transcribe(account: Account, file: string): Promise<TranscriptionDto> {
    const response = await uploadFile(baseUrl, account.cookie, file);
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
    const done = await readTranscript(app, account.cookie, id);
    expect(done.status).toBe('completed');
    return done;
  }

  /** The speaker of the line at `time` s (or the next line). */
  const speakerAt = (transcript: TranscriptionDto, time: number) =>
    transcript.segments.find((segment) => segment.end > time)?.speaker;

  async function voicesOf(account: Account): Promise<KnownVoiceDto[]> {
    const response = await app.server.inject({
      url: '/api/voices',
      headers: asUser(account.cookie),
    });
    expect(response.statusCode).toBe(200);
    return response.json<KnownVoicesDto>().voices;
  }

  /** The account's voices once `name` is among them: a job remembers it after the edit. */
  async function untilRemembered(account: Account, name: string): Promise<KnownVoiceDto[]> {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const voices = await voicesOf(account);
      if (voices.some((voice) => voice.name === name)) return voices;
      if (Date.now() > deadline)
        throw new Error(`${name} not remembered: ${JSON.stringify(voices)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** The speech frames the account's voice `name` was learnt from. */
  async function framesLearnt(account: Account, name: string): Promise<number> {
    const rows = await app.database.db
      .select({ frames: knownVoiceSources.frames })
      .from(knownVoiceSources)
      .innerJoin(knownVoices, eq(knownVoices.id, knownVoiceSources.voiceId))
      .where(and(eq(knownVoices.userId, account.userId), eq(knownVoices.name, name)));
    return rows.reduce((total, row) => total + row.frames, 0);
  }

  /** Jobs ever queued to remember voices of this recording (waiting, running or done). */
  async function rememberJobsOf(transcriptionId: string): Promise<number> {
    const result = (await app.database.db.execute(
      sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = ${REMEMBER_VOICES_QUEUE} AND data->>'transcriptionId' = ${transcriptionId}`,
    )) as unknown as { rows: Array<{ n: number }> };
    return result.rows[0]!.n;
  }

  /**
   * Names reader 2416 (the second voice of the first half) `name`, as an API client would, and
   * waits for the voice to be remembered when the account chose so.
   */
  async function nameSecondReader(account: Account, name: string): Promise<TranscriptionDto> {
    const first = await transcribe(account, firstHalf);
    const label = speakerAt(first, 6)!;
    expect(label).not.toBe(speakerAt(first, 1));
    const renamed = await patchTranscript(app, account.cookie, first.id, {
      speakers: { [label]: name },
    });
    expect(renamed.statusCode).toBe(200);
    // The job to remember the voice is committed with the edit: a restart now cannot lose it.
    expect(await rememberJobsOf(first.id)).toBe(account.remembers ? 1 : 0);
    if (account.remembers) await untilRemembered(account, name);
    return first;
  }

  const storedVoiceRows = async (userId: string) => {
    const [voices] = await app.database.db
      .select({ n: count() })
      .from(knownVoices)
      .where(eq(knownVoices.userId, userId));
    const [sources] = await app.database.db
      .select({ n: count() })
      .from(knownVoiceSources)
      .innerJoin(knownVoices, eq(knownVoices.id, knownVoiceSources.voiceId))
      .where(eq(knownVoices.userId, userId));
    return voices!.n + sources!.n;
  };

  it('is off for a new account, and then remembers nothing a user names', async () => {
    const account = await newAccount(false);
    const preferences = await app.server.inject({
      url: '/api/account/voice-preferences',
      headers: asUser(account.cookie),
    });
    expect(preferences.json()).toEqual({ rememberVoices: false });
    await nameSecondReader(account, 'Ada');
    expect(await voicesOf(account)).toEqual([]);
    expect(await storedVoiceRows(account.userId)).toBe(0);
  });

  it('remembers a named voice, recognises it in a later recording, and follows a rename', async () => {
    const account = await newAccount(true);
    const first = await nameSecondReader(account, 'Ada');
    const [voice, ...others] = await voicesOf(account);
    expect(others).toEqual([]);
    expect(voice).toMatchObject({
      name: 'Ada',
      recordings: [{ id: first.id, filename: 'interview-monday.flac' }],
    });

    const later = await transcribe(account, secondHalf);
    expect(speakerAt(later, 3)).toBe('Ada');
    expect(speakerAt(later, 9)).not.toBe('Ada');
    expect(later.segments.filter((segment) => segment.speaker === 'Ada').length).toBeGreaterThan(0);

    const renamed = await app.server.inject({
      method: 'PATCH',
      url: `/api/voices/${voice!.id}`,
      headers: asUser(account.cookie),
      payload: { name: '  Ada Lovelace ' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json<KnownVoiceDto>().name).toBe('Ada Lovelace');
    const again = await transcribe(account, secondHalf);
    expect(speakerAt(again, 3)).toBe('Ada Lovelace');
    // A transcript already made keeps the name it was given.
    expect(speakerAt(await readTranscript(app, account.cookie, later.id), 3)).toBe('Ada');
  });

  it('remembers a name given in the workbench, and measures it again when its lines are corrected', async () => {
    const account = await newAccount(true);
    const first = await transcribe(account, firstHalf);
    const label = speakerAt(first, 1)!;
    // As if detection had heard both readers as one voice: every line named Grace.
    const allGrace = await patchTranscript(app, account.cookie, first.id, {
      segments: first.segments.map((segment) => ({ ...segment, speaker: 'Grace' })),
      version: first.version,
    });
    expect(allGrace.statusCode).toBe(200);
    expect((await untilRemembered(account, 'Grace')).map((voice) => voice.name)).toEqual(['Grace']);
    const mixed = await framesLearnt(account, 'Grace');
    // The person gives the other reader's lines their own name: Grace is left with her own voice.
    const corrected = await patchTranscript(app, account.cookie, first.id, {
      segments: first.segments.map((segment) => ({
        ...segment,
        speaker: segment.speaker === label ? 'Grace' : 'Ada',
      })),
      version: allGrace.json<TranscriptionDto>().version,
    });
    expect(corrected.statusCode).toBe(200);
    const deadline = Date.now() + 60_000;
    while ((await framesLearnt(account, 'Grace')) === mixed) {
      if (Date.now() > deadline) throw new Error('Grace was not measured again');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await framesLearnt(account, 'Grace')).toBeLessThan(mixed);
    expect((await voicesOf(account)).map((voice) => voice.name)).toEqual(['Ada', 'Grace']);
    const later = await transcribe(account, secondHalf);
    expect(speakerAt(later, 9)).toBe('Grace');
    expect(speakerAt(later, 3)).toBe('Ada');
  });

  it('forgets a voice: its data is deleted and it is no longer recognised', async () => {
    const account = await newAccount(true);
    await nameSecondReader(account, 'Ada');
    const [voice] = await voicesOf(account);
    const forget = () =>
      app.server.inject({
        method: 'DELETE',
        url: `/api/voices/${voice!.id}`,
        headers: asUser(account.cookie),
      });
    expect((await forget()).statusCode).toBe(200);
    expect(await voicesOf(account)).toEqual([]);
    expect(await storedVoiceRows(account.userId)).toBe(0);
    expect((await forget()).statusCode).toBe(404);
    const later = await transcribe(account, secondHalf);
    expect(later.segments.map((segment) => segment.speaker)).not.toContain('Ada');
  });

  it('keeps each account’s voices its own: others get 404 and see none', async () => {
    const owner = await newAccount(true);
    await nameSecondReader(owner, 'Ada');
    const [voice] = await voicesOf(owner);
    const stranger = await newAccount(true);
    expect(await voicesOf(stranger)).toEqual([]);
    for (const request of [
      { method: 'PATCH' as const, payload: { name: 'Mine now' } },
      { method: 'DELETE' as const },
    ]) {
      const response = await app.server.inject({
        ...request,
        url: `/api/voices/${voice!.id}`,
        headers: asUser(stranger.cookie),
      });
      expect(response.statusCode).toBe(404);
    }
    const all = await app.server.inject({
      method: 'DELETE',
      url: '/api/voices',
      headers: asUser(stranger.cookie),
    });
    expect(all.statusCode).toBe(200);
    expect((await voicesOf(owner)).map((each) => each.name)).toEqual(['Ada']);
    // The stranger's own recording of the same reader is not named after the owner's voice.
    const theirs = await transcribe(stranger, secondHalf);
    expect(theirs.segments.map((segment) => segment.speaker)).not.toContain('Ada');
  });

  it('refuses bad names and a name another voice has, changing nothing', async () => {
    const account = await newAccount(true);
    const first = await nameSecondReader(account, 'Ada');
    await patchTranscript(app, account.cookie, first.id, {
      speakers: { [speakerAt(first, 1)!]: 'Grace' },
    });
    const voices = await untilRemembered(account, 'Grace');
    const ada = voices.find((voice) => voice.name === 'Ada')!;
    const grace = voices.find((voice) => voice.name === 'Grace')!;
    const renameVoice = (id: string, name: unknown) =>
      app.server.inject({
        method: 'PATCH',
        url: `/api/voices/${id}`,
        headers: asUser(account.cookie),
        payload: { name },
      });
    const rename = (name: unknown) => renameVoice(ada.id, name);
    for (const name of ['', '   ', 'x'.repeat(61), 'Speaker 3', 'a\nb', 7]) {
      const response = await rename(name);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(/name/i);
    }
    const taken = await rename('Grace');
    expect(taken.statusCode).toBe(409);
    expect(taken.json<{ message: string }>().message).toBe(
      'You already have a voice named "Grace".',
    );
    expect(await voicesOf(account)).toEqual(voices);

    // Two renames at once to one free name: one wins, the other is told the name is taken.
    const race = await Promise.all([
      renameVoice(ada.id, 'Hopper'),
      renameVoice(grace.id, 'Hopper'),
    ]);
    expect(race.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect(race.find((response) => response.statusCode === 409)!.json()).toMatchObject({
      message: 'You already have a voice named "Hopper".',
    });
    const loser = race[0]!.statusCode === 200 ? grace : ada;
    expect((await voicesOf(account)).map((voice) => voice.name).sort()).toEqual(
      [loser.name, 'Hopper'].sort(),
    );
  });

  it('shows no voice data anywhere but the names: transcript, exports, share link, API keys', async () => {
    const account = await newAccount(true);
    const first = await nameSecondReader(account, 'Ada');
    const later = await transcribe(account, secondHalf);
    expect(speakerAt(later, 3)).toBe('Ada');
    const share = await app.server.inject({
      method: 'POST',
      url: `/api/transcriptions/${later.id}/share`,
      headers: asUser(account.cookie),
    });
    const token = share.json<{ token: string }>().token;
    const answers = [
      await app.server.inject({
        url: `/api/transcriptions/${later.id}`,
        headers: asUser(account.cookie),
      }),
      await app.server.inject({
        url: `/api/transcriptions/${first.id}`,
        headers: asUser(account.cookie),
      }),
      await app.server.inject({
        url: `/api/download/${later.id}?format=json`,
        headers: asUser(account.cookie),
      }),
      await app.server.inject({ url: `/api/shared/${token}` }),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toContain('Ada');
      expect(answer.body).not.toMatch(/sums|squares|frames|known_?voice|voiceId/i);
    }
    // Voices are for the signed-in owner only: an API key cannot list them.
    const key = await app.server.inject({
      method: 'POST',
      url: '/api/keys',
      headers: asUser(account.cookie),
      payload: { name: 'script' },
    });
    const bearer = { authorization: `Bearer ${key.json<{ key: string }>().key}` };
    const withKey = await app.server.inject({ url: '/api/voices', headers: bearer });
    expect(withKey.statusCode).toBe(403);
  });

  it('deletes the voices with the account', async () => {
    // A free account: the test's subscriptions exist in the database only, not at the provider.
    const account = await newAccount(true, false);
    await nameSecondReader(account, 'Ada');
    expect(await storedVoiceRows(account.userId)).toBeGreaterThan(0);
    const deleted = await app.server.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: { ...SAME_ORIGIN, cookie: account.cookie },
      payload: { confirm: true, password: 'correct horse battery' },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await storedVoiceRows(account.userId)).toBe(0);
  });
});
