import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpInbox, type SmtpInbox, linkIn } from '../fixtures/mail/smtp-inbox.js';
import { knownVoices, knownVoiceSources, zipExports } from '../../src/server/db/schema.js';
import { sweepZipExports } from '../../src/server/data-exports/sweep-zip-exports.js';
import { zipExportKey } from '../../src/server/data-exports/zip-export-paths.js';
import { cookieHeader, signIn, signUp, signUpConfirmed } from './support/accounts.js';
import { databaseKinds } from './support/databases.js';
import { createTestApp, TEST_BASE_URL, type TestApp } from './support/test-app.js';
import {
  asUser,
  insertTranscript,
  patchTranscript,
  SAMPLE_SEGMENTS,
} from './support/transcripts.js';
import { unzipArchive, waitForZipExport } from './support/zip-files.js';

const kinds = await databaseKinds();

async function storedBytes(app: TestApp, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await app.storage.read(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe.each(kinds)('"Download all my data" on %s', (kind) => {
  let app: TestApp;
  let owner: Awaited<ReturnType<typeof signUp>>;
  let stranger: Awaited<ReturnType<typeof signUp>>;
  let edited: string;
  let plain: string;
  let apiKeySecret: string;

  beforeAll(async () => {
    app = await createTestApp(kind);
    owner = await signUp(app, { name: 'Dana Officer' });
    stranger = await signUp(app);
    ({ id: edited } = await insertTranscript(app, owner.userId, { filename: 'Ward round.wav' }));
    ({ id: plain } = await insertTranscript(app, owner.userId, { filename: 'ward ROUND.wav' }));
    await insertTranscript(app, stranger.userId, { filename: 'Not yours.wav' });
    const patched = await patchTranscript(app, owner.cookie, edited, {
      version: 1,
      segments: [
        { ...SAMPLE_SEGMENTS[0], text: 'Welcome to the corrected meeting.' },
        ...SAMPLE_SEGMENTS.slice(1),
      ],
    });
    expect(patched.statusCode).toBe(200);
    await app.server.inject({
      method: 'PUT',
      url: '/api/vocabulary',
      headers: asUser(owner.cookie),
      payload: { terms: ['Sonoscript', 'Dr. Okafor'] },
    });
    const key = await app.server.inject({
      method: 'POST',
      url: '/api/keys',
      headers: asUser(owner.cookie),
      payload: { name: 'Ward laptop' },
    });
    apiKeySecret = key.json<{ key: string }>().key;
    const voiceId = randomUUID();
    await app.database.db
      .insert(knownVoices)
      .values({ id: voiceId, userId: owner.userId, name: 'Maria' });
    await app.database.db.insert(knownVoiceSources).values({
      voiceId,
      transcriptionId: plain,
      frames: 100,
      sums: [123.456789, 2],
      squares: [987.654321, 4],
    });
  });
  afterAll(async () => {
    await app.close();
  });

  const startExport = (cookie = owner.cookie) =>
    app.server.inject({ method: 'POST', url: '/api/account/export', headers: asUser(cookie) });

  it('holds the account, each transcript as JSON and TXT with its original, the audio, vocabulary, keys without secrets and voice names only', async () => {
    const started = await startExport();
    expect(started.statusCode).toBe(202);
    const { id } = started.json<{ id: string }>();
    const ready = await waitForZipExport(app, owner.cookie, `/api/account/export/${id}`);
    expect(ready.status).toBe('ready');
    expect(ready.url).toBe(`${TEST_BASE_URL}/api/account/export/${id}/download`);
    const response = await app.server.inject({
      url: `/api/account/export/${id}/download`,
      headers: asUser(owner.cookie),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      /filename="Sonoscript data \d{4}-\d\d-\d\d\.zip"/,
    );
    const archive = await unzipArchive(response.rawPayload);
    try {
      expect([...archive.names].sort()).toEqual(
        [
          'README.txt',
          'account.json',
          'api-keys.json',
          'known-voices.json',
          'vocabulary.json',
          'transcripts/Ward round/details.json',
          'transcripts/Ward round/transcript.json',
          'transcripts/Ward round/transcript.txt',
          'transcripts/Ward round/original.json',
          'transcripts/Ward round/original.txt',
          'transcripts/Ward round/audio.wav',
          'transcripts/ward ROUND (2)/details.json',
          'transcripts/ward ROUND (2)/transcript.json',
          'transcripts/ward ROUND (2)/transcript.txt',
          'transcripts/ward ROUND (2)/audio.wav',
        ].sort(),
      );
      const text = async (name: string) => (await archive.read(name)).toString('utf8');
      const json = async <T>(name: string) => JSON.parse(await text(name)) as T;

      expect(await json('account.json')).toMatchObject({
        id: owner.userId,
        name: 'Dana Officer',
        email: owner.email,
        settings: { defaultLanguage: 'auto' },
      });
      expect(await text('transcripts/Ward round/transcript.txt')).toBe(
        ['Welcome to the corrected meeting.', ...SAMPLE_SEGMENTS.slice(1).map((s) => s.text)].join(
          ' ',
        ),
      );
      expect(await text('transcripts/Ward round/original.txt')).toBe(
        SAMPLE_SEGMENTS.map((s) => s.text).join(' '),
      );
      const current = await json<{ segments: Array<{ text: string; speaker: string }> }>(
        'transcripts/Ward round/transcript.json',
      );
      expect(current.segments[0]).toMatchObject({
        text: 'Welcome to the corrected meeting.',
        speaker: 'Speaker 1',
      });
      expect(await json('transcripts/Ward round/details.json')).toMatchObject({
        id: edited,
        filename: 'Ward round.wav',
        corrected: true,
        audio: 'audio.wav',
      });
      expect(await json('transcripts/ward ROUND (2)/details.json')).toMatchObject({
        id: plain,
        corrected: false,
      });
      for (const [folder, transcriptionId] of [
        ['Ward round', edited],
        ['ward ROUND (2)', plain],
      ] as const) {
        expect(
          (await archive.read(`transcripts/${folder}/audio.wav`)).equals(
            await storedBytes(app, `${transcriptionId}.wav`),
          ),
        ).toBe(true);
      }
      expect(await json('vocabulary.json')).toEqual({ terms: ['Sonoscript', 'Dr. Okafor'] });
      const keys = await text('api-keys.json');
      expect(JSON.parse(keys)).toEqual([
        {
          name: 'Ward laptop',
          prefix: expect.any(String),
          createdAt: expect.any(String),
          lastUsedAt: null,
        },
      ]);
      expect(
        apiKeySecret.startsWith((JSON.parse(keys) as Array<{ prefix: string }>)[0]?.prefix ?? '-'),
      ).toBe(true);
      const everything = Buffer.concat(
        await Promise.all(archive.names.map((name) => archive.read(name))),
      );
      expect(everything.includes(apiKeySecret)).toBe(false);
      expect(everything.includes('Not yours')).toBe(false);
      // Issue 26: what was measured of a voice never leaves the account, its name does.
      expect(await json('known-voices.json')).toEqual([
        { name: 'Maria', createdAt: expect.any(String) },
      ]);
      expect(everything.includes('123.456789')).toBe(false);
    } finally {
      await archive.remove();
    }
  });

  it('is the owner’s alone: 404 for anyone else, sign-in first when signed out', async () => {
    const { id } = (await startExport()).json<{ id: string }>();
    await waitForZipExport(app, owner.cookie, `/api/account/export/${id}`);
    for (const url of [
      `/api/account/export/${id}`,
      `/api/account/export/${id}/download`,
      `/api/exports/${id}`,
    ]) {
      const response = await app.server.inject({ url, headers: asUser(stranger.cookie) });
      expect(response.statusCode, url).toBe(404);
    }
    const signedOut = await app.server.inject({ url: `/api/account/export/${id}/download` });
    expect(signedOut.statusCode).toBe(302);
    expect(signedOut.headers.location).toBe(
      `/api/login?returnTo=${encodeURIComponent(`/api/account/export/${id}/download`)}`,
    );
    const withKey = await app.server.inject({
      method: 'POST',
      url: '/api/account/export',
      headers: { authorization: `Bearer ${apiKeySecret}` },
    });
    expect(withKey.statusCode).toBe(403);
  });

  it('expires after 24 hours: the sweep deletes the file and the row, and the link answers 404', async () => {
    const { id } = (await startExport()).json<{ id: string }>();
    await waitForZipExport(app, owner.cookie, `/api/account/export/${id}`);
    const key = zipExportKey(id);
    expect(await app.storage.size(key)).toBeGreaterThan(0);
    const [row] = await app.database.db.select().from(zipExports).where(eq(zipExports.id, id));
    expect(row?.expiresAt.getTime()).toBe((row?.createdAt.getTime() ?? 0) + 24 * 60 * 60 * 1000);

    const early = await sweepZipExports(
      { db: app.database.db, storage: app.storage },
      new Date(Date.now() + 23 * 60 * 60 * 1000),
    );
    expect(early).toBe(0);
    expect(await app.storage.size(key)).toBeGreaterThan(0);

    await sweepZipExports(
      { db: app.database.db, storage: app.storage },
      new Date(Date.now() + 25 * 60 * 60 * 1000),
    );
    await expect(app.storage.size(key)).rejects.toThrow();
    expect(await app.database.db.select().from(zipExports).where(eq(zipExports.id, id))).toEqual(
      [],
    );
    const gone = await app.server.inject({
      url: `/api/account/export/${id}/download`,
      headers: asUser(owner.cookie),
    });
    expect(gone.statusCode).toBe(404);
  });
});

describe('the data export emailed as a link when SMTP is set', () => {
  let inbox: SmtpInbox;
  let app: TestApp;

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    app = await createTestApp('pglite', { env: { SMTP_URL: inbox.url } });
  });
  afterAll(async () => {
    await app.close();
    await inbox.close();
  });

  it('sends a link that downloads the ZIP after sign-in, for 24 hours', async () => {
    const account = await signUpConfirmed(app, inbox, { name: 'Mail Reader' });
    await insertTranscript(app, account.userId, { filename: 'Consult.wav' });
    const started = await app.server.inject({
      method: 'POST',
      url: '/api/account/export',
      headers: asUser(account.cookie),
    });
    const { id } = started.json<{ id: string }>();
    const mail = await inbox.waitFor(account.email, (message) =>
      message.subject.includes('data is ready'),
    );
    expect(mail.subject).toBe('Your Sonoscript data is ready to download');
    expect(mail.text).toMatch(/works for 24 hours, until \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
    const link = linkIn(mail, `${TEST_BASE_URL}/api/account/export/`);
    expect(link).toBe(`${TEST_BASE_URL}/api/account/export/${id}/download`);

    // Opened signed out, the link goes through sign-in and comes back to the download.
    const signedOut = await app.server.inject({ url: new URL(link).pathname });
    expect(signedOut.statusCode).toBe(302);
    const signedIn = await signIn(app, account.email, account.password);
    const download = await app.server.inject({
      url: new URL(link).pathname,
      headers: asUser(cookieHeader(signedIn)),
    });
    expect(download.statusCode).toBe(200);
    const archive = await unzipArchive(download.rawPayload);
    try {
      expect(archive.names).toContain('transcripts/Consult/transcript.txt');
    } finally {
      await archive.remove();
    }
  });
});
