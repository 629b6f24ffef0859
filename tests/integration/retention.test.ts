import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { overCapMessage, type RetentionDto } from '../../src/core/api/retention.js';
import type { TranscriptionDto } from '../../src/core/api/transcriptions.js';
import { transcriptions, webhookDeliveries, webhookEndpoints } from '../../src/server/db/schema.js';
import { applyRetention } from '../../src/server/retention/apply-retention.js';
import { NO_RECORDING } from '../../src/server/transcriptions/retranscribe-transcription.js';
import { RECORDING_DELETED } from '../../src/server/transcriptions/send-audio.js';
import { purgeDeletedTranscriptions } from '../../src/server/transcriptions/trash/purge-deleted-transcriptions.js';
import { signUp } from './support/accounts.js';
import { databaseKinds } from './support/databases.js';
import { startS3Server, type S3Server } from './support/s3-server.js';
import { asUser, insertTranscript } from './support/transcripts.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const kinds = await databaseKinds();
const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);

/** The app's own retention run, as its hourly job calls it. */
const runRetention = (app: TestApp) =>
  applyRetention({
    database: app.database,
    storage: app.storage,
    signals: app.signals,
    announce: app.announce,
    maxDays: app.config.retentionMaxDays,
  });

function helpers(app: () => TestApp) {
  const request = (cookie: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    app().server.inject({
      method,
      url,
      headers: asUser(cookie),
      ...(payload ? { payload } : {}),
    });
  const setRetention = async (cookie: string, body: object) => {
    const response = await request(cookie, 'PUT', '/api/account/retention', body);
    expect(response.statusCode).toBe(200);
    return response.json<RetentionDto>();
  };
  const transcript = (cookie: string, id: string) =>
    request(cookie, 'GET', `/api/transcriptions/${id}`);
  return { request, setRetention, transcript };
}

describe.each(kinds)('retention on %s', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(async () => {
    await app.close();
  });
  const { request, setRetention, transcript } = helpers(() => app);

  it('GET and PUT /api/account/retention: keep by default, days from 1, no cap here', async () => {
    const owner = await signUp(app);
    expect((await request(owner.cookie, 'GET', '/api/account/retention')).json()).toEqual({
      audioDays: null,
      transcriptDays: null,
      maxDays: null,
    });
    expect(await setRetention(owner.cookie, { audioDays: 7, transcriptDays: null })).toEqual({
      audioDays: 7,
      transcriptDays: null,
      maxDays: null,
    });
    expect((await request(owner.cookie, 'GET', '/api/account/retention')).json()).toEqual({
      audioDays: 7,
      transcriptDays: null,
      maxDays: null,
    });
    for (const bad of [
      { audioDays: 0, transcriptDays: null },
      { audioDays: 1.5, transcriptDays: null },
      { audioDays: null, transcriptDays: 'soon' },
      { audioDays: null },
    ]) {
      const refused = await request(owner.cookie, 'PUT', '/api/account/retention', bad);
      expect(refused.statusCode).toBe(400);
      expect(refused.json<{ message: string }>().message).toMatch(/days|audioDays/i);
    }
    const unsigned = await app.server.inject({ url: '/api/account/retention' });
    expect(unsigned.statusCode).toBe(401);
  });

  it('the job deletes transcripts past their days (link, webhook) and recordings past theirs, keeping the text', async () => {
    const deleter = await signUp(app);
    const trimmer = await signUp(app);
    const keeper = await signUp(app);
    await setRetention(deleter.cookie, { audioDays: null, transcriptDays: 30 });
    await setRetention(trimmer.cookie, { audioDays: 7, transcriptDays: null });
    const old = await insertTranscript(app, deleter.userId, { createdAt: daysAgo(31) });
    const recent = await insertTranscript(app, deleter.userId, { createdAt: daysAgo(5) });
    const oldAudio = await insertTranscript(app, trimmer.userId, { createdAt: daysAgo(10) });
    const newAudio = await insertTranscript(app, trimmer.userId, { createdAt: daysAgo(2) });
    const running = await insertTranscript(app, trimmer.userId, {
      createdAt: daysAgo(10),
      status: 'processing',
    });
    const ancient = await insertTranscript(app, keeper.userId, { createdAt: daysAgo(4000) });
    const shared = await request(deleter.cookie, 'POST', `/api/transcriptions/${old.id}/share`);
    const { token } = shared.json<{ token: string }>();
    const endpointId = randomUUID();
    await app.database.db.insert(webhookEndpoints).values({
      id: endpointId,
      userId: deleter.userId,
      url: 'https://hooks.example.com/in',
      events: ['transcription.deleted'],
      secret: 'whsec_dGVzdA==',
    });

    // Before the run, the page says when each will go.
    const recentDto = (await transcript(deleter.cookie, recent.id)).json<TranscriptionDto>();
    const createdAt = Date.parse(recentDto.createdAt);
    expect(Date.parse(recentDto.deletesAt ?? '')).toBe(createdAt + 30 * DAY);
    expect((await transcript(keeper.cookie, ancient.id)).json<TranscriptionDto>()).toMatchObject({
      deletesAt: null,
      recordingDeleted: false,
    });

    const storageOf = async (cookie: string) =>
      (await request(cookie, 'GET', '/api/usage')).json<{ storageBytes: number }>().storageBytes;
    const storedBefore = await storageOf(trimmer.cookie);
    expect(await runRetention(app)).toEqual({ transcripts: 1, recordings: 1 });
    expect(await storageOf(trimmer.cookie)).toBe(storedBefore - oldAudio.audioBytes);

    // The transcript past 30 days: gone at once, its link too, and its webhook queued.
    expect((await transcript(deleter.cookie, old.id)).statusCode).toBe(404);
    expect((await app.server.inject({ url: `/api/shared/${token}` })).statusCode).toBe(404);
    const told = await app.database.db
      .select({ event: webhookDeliveries.event })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpointId));
    expect(told).toEqual([{ event: 'transcription.deleted' }]);
    expect((await transcript(deleter.cookie, recent.id)).statusCode).toBe(200);
    // After the undo window the purge removes row and audio for good.
    await app.database.db
      .update(transcriptions)
      .set({ deletedAt: daysAgo(1) })
      .where(eq(transcriptions.id, old.id));
    await purgeDeletedTranscriptions(app.database.db, app.storage);
    await expect(app.storage.size(`${old.id}.wav`)).rejects.toThrow();

    // The recording past 7 days: gone, its text kept, the audio route says so.
    const trimmed = (await transcript(trimmer.cookie, oldAudio.id)).json<TranscriptionDto>();
    expect(trimmed).toMatchObject({ status: 'completed', recordingDeleted: true, deletesAt: null });
    expect(trimmed.text).toContain('quarterly budget');
    await expect(app.storage.size(`${oldAudio.id}.wav`)).rejects.toThrow();
    const audio = await request(trimmer.cookie, 'GET', `/api/transcriptions/${oldAudio.id}/audio`);
    expect(audio.statusCode).toBe(410);
    expect(audio.json<{ message: string }>().message).toBe(RECORDING_DELETED);
    const again = await request(
      trimmer.cookie,
      'POST',
      `/api/transcriptions/${oldAudio.id}/retranscribe`,
    );
    expect(again.statusCode).toBe(410);
    expect(again.json<{ message: string }>().message).toBe(NO_RECORDING);
    // A newer recording, and one a job still reads, stay.
    expect(
      (await request(trimmer.cookie, 'GET', `/api/transcriptions/${newAudio.id}/audio`)).statusCode,
    ).toBe(200);
    expect(await app.storage.size(`${running.id}.wav`)).toBeGreaterThan(0);
    // "Keep": nothing of the third account goes, however old.
    expect((await transcript(keeper.cookie, ancient.id)).statusCode).toBe(200);

    // A second run finds nothing more to do.
    expect(await runRetention(app)).toEqual({ transcripts: 0, recordings: 0 });
  });
});

describe.each(kinds)('RETENTION_MAX_DAYS on %s', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind, { env: { RETENTION_MAX_DAYS: '90' } });
  });
  afterAll(async () => {
    await app.close();
  });
  const { request, setRetention, transcript } = helpers(() => app);

  it('caps every account: more days are refused, "Keep" keeps 90 days, older transcripts go', async () => {
    const owner = await signUp(app);
    expect((await request(owner.cookie, 'GET', '/api/account/retention')).json()).toEqual({
      audioDays: null,
      transcriptDays: null,
      maxDays: 90,
    });
    for (const body of [
      { audioDays: null, transcriptDays: 91 },
      { audioDays: 120, transcriptDays: null },
    ]) {
      const refused = await request(owner.cookie, 'PUT', '/api/account/retention', body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json<{ message: string }>().message).toBe(overCapMessage(90));
    }
    expect(await setRetention(owner.cookie, { audioDays: null, transcriptDays: 90 })).toEqual({
      audioDays: null,
      transcriptDays: 90,
      maxDays: 90,
    });
    await setRetention(owner.cookie, { audioDays: null, transcriptDays: null });

    const old = await insertTranscript(app, owner.userId, { createdAt: daysAgo(91) });
    const young = await insertTranscript(app, owner.userId, { createdAt: daysAgo(1) });
    const youngDto = (await transcript(owner.cookie, young.id)).json<TranscriptionDto>();
    expect(Date.parse(youngDto.deletesAt ?? '')).toBe(Date.parse(youngDto.createdAt) + 90 * DAY);
    expect(
      await applyRetention({
        database: app.database,
        storage: app.storage,
        signals: app.signals,
        announce: app.announce,
        maxDays: app.config.retentionMaxDays,
      }),
    ).toEqual({ transcripts: 1, recordings: 0 });
    expect((await transcript(owner.cookie, old.id)).statusCode).toBe(404);
    expect((await transcript(owner.cookie, young.id)).statusCode).toBe(200);
  });
});

describe('retention with the audio in S3-compatible storage', () => {
  let s3: S3Server;
  let app: TestApp;
  beforeAll(async () => {
    s3 = await startS3Server();
    app = await createTestApp('pglite', { env: s3.env('audio') });
  });
  afterAll(async () => {
    await app.close();
    await s3.close();
  });
  const { request, setRetention } = helpers(() => app);

  it('deletes the recording from the bucket and keeps the text', async () => {
    const owner = await signUp(app);
    await setRetention(owner.cookie, { audioDays: 3, transcriptDays: null });
    const old = await insertTranscript(app, owner.userId, { createdAt: daysAgo(4) });
    expect(await app.storage.size(`${old.id}.wav`)).toBeGreaterThan(0);
    expect(await runRetention(app)).toEqual({ transcripts: 0, recordings: 1 });
    await expect(app.storage.size(`${old.id}.wav`)).rejects.toThrow();
    expect(
      (await request(owner.cookie, 'GET', `/api/transcriptions/${old.id}/audio`)).statusCode,
    ).toBe(410);
    expect(
      (
        await request(owner.cookie, 'GET', `/api/transcriptions/${old.id}`)
      ).json<TranscriptionDto>(),
    ).toMatchObject({ recordingDeleted: true, status: 'completed' });
  });
});
