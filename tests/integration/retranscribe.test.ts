import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TranscriptionDto } from '../../src/core/api/transcriptions.js';
import type { UsageDto } from '../../src/core/api/usage.js';
import { monthlyTranscriptionCounts } from '../../src/server/db/schema.js';
import { utcMonth } from '../../src/server/quota/usage.js';
import {
  makeSpeechClip,
  makeTempDirectory,
  type SpeechClip,
} from '../fixtures/speech/speech-fixtures.js';
import { SAME_ORIGIN, signUp } from './support/accounts.js';
import { databaseKinds } from './support/databases.js';
import { getJson, listen, uploadFile, waitForTranscription } from './support/http.js';
import { makeUserPro } from './support/subscriptions.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const kinds = await databaseKinds();
const COUNTING = 'one two three four five six seven eight nine ten';
const LATE_SENTENCE = 'the weather today is sunny and warm';
const WHOLE_FILE_IS_PRO =
  'Transcribing the whole file is part of Pro: the Free plan transcribes the first 30 seconds of each file. Upgrade to Pro, then transcribe the whole file.';
const MONTHLY_LIMIT =
  'Monthly limit reached: the Free plan includes 10 transcriptions per month. Upgrade to Pro for unlimited transcriptions, or wait until next month.';

let fixtures: { path: string; remove: () => Promise<void> };
let overThirty: SpeechClip;
let short: SpeechClip;

beforeAll(async () => {
  fixtures = await makeTempDirectory('sonoscript-retranscribe-');
  // Counting in the first 30 s, another sentence after them: only a whole-file run has it.
  overThirty = await makeSpeechClip(fixtures.path, 'over-thirty', [
    { say: COUNTING },
    { silence: 27 },
    { say: LATE_SENTENCE },
    { silence: 1 },
  ]);
  short = await makeSpeechClip(fixtures.path, 'short', [{ silence: 0.3 }, { say: COUNTING }]);
});
afterAll(async () => {
  await fixtures.remove();
});

describe.each(kinds)('POST /api/transcriptions/:id/retranscribe on %s', (kind) => {
  let app: TestApp;
  let baseUrl: string;

  beforeAll(async () => {
    app = await createTestApp(kind, { env: { RUN_WORKERS: 'true', WORKER_CONCURRENCY: '2' } });
    baseUrl = await listen(app);
  });
  afterAll(async () => {
    await app.close();
  });

  function retranscribe(cookie: string, id: string, body?: object): Promise<Response> {
    return fetch(`${baseUrl}/api/transcriptions/${id}/retranscribe`, {
      method: 'POST',
      headers: {
        ...SAME_ORIGIN,
        cookie,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
  }

  async function uploaded(cookie: string, clip: SpeechClip, filename: string) {
    const response = await uploadFile(baseUrl, cookie, clip.path, { filename });
    expect(response.status).toBe(201);
    return (await response.json()) as TranscriptionDto;
  }

  const usage = async (cookie: string) =>
    (await getJson<UsageDto>(baseUrl, cookie, '/api/usage')).body.transcriptionsThisMonth;

  it('a transcript cut at 30 s: refused as a whole file while free, re-run cut while free, whole after upgrading', async () => {
    const user = await signUp(app);
    const created = await uploaded(user.cookie, overThirty, 'interview.wav');
    const cut = await waitForTranscription<TranscriptionDto>(baseUrl, user.cookie, created.id);
    expect(cut).toMatchObject({ status: 'completed', isTruncated: true });
    expect(cut.text).not.toContain('weather');
    expect(await usage(user.cookie)).toBe(1);

    // Free: the whole file is Pro. Refused with the reason, and nothing changes or counts.
    const refused = await retranscribe(user.cookie, created.id, { wholeFile: true });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe(WHOLE_FILE_IS_PRO);
    const unchanged = await getJson<TranscriptionDto>(
      baseUrl,
      user.cookie,
      `/api/transcriptions/${created.id}`,
    );
    expect(unchanged.body).toMatchObject({ status: 'completed', text: cut.text });
    expect(await usage(user.cookie)).toBe(1);

    // Free, "Transcribe again": runs, counts, and stays cut at 30 s.
    const again = await retranscribe(user.cookie, created.id);
    expect(again.status).toBe(202);
    expect(((await again.json()) as TranscriptionDto).status).toBe('queued');
    const rerun = await waitForTranscription<TranscriptionDto>(baseUrl, user.cookie, created.id);
    expect(rerun).toMatchObject({ id: created.id, status: 'completed', isTruncated: true });
    expect(rerun.text).toContain('four five six');
    expect(rerun.text).not.toContain('weather');
    expect(await usage(user.cookie)).toBe(2);

    // Pro: the whole file, in place, from the audio stored whole at upload.
    await makeUserPro(app, user.userId);
    const whole = await retranscribe(user.cookie, created.id, { wholeFile: true });
    expect(whole.status).toBe(202);
    expect((await whole.json()) as TranscriptionDto).toMatchObject({
      id: created.id,
      status: 'queued',
    });
    // A second click while it runs changes nothing.
    const meanwhile = await retranscribe(user.cookie, created.id, { wholeFile: true });
    expect(meanwhile.status).toBe(409);
    expect(((await meanwhile.json()) as { message: string }).message).toMatch(/still being/);

    const done = await waitForTranscription<TranscriptionDto>(baseUrl, user.cookie, created.id);
    expect(done).toMatchObject({ id: created.id, status: 'completed', isTruncated: false });
    expect(done.engine).toBe('pocketsphinx');
    expect(done.text).toContain('four five six');
    expect(done.text).toContain('weather today');
    const late = done.segments.find((segment) => segment.text.includes('weather'));
    expect(late?.start).toBeGreaterThan(30);
    expect(done.durationInSeconds).toBeCloseTo(overThirty.duration, 0);
    const list = await getJson<TranscriptionDto[]>(baseUrl, user.cookie, '/api/transcriptions');
    expect(list.body.map((item) => item.id)).toEqual([created.id]);
    // Counted like a new transcription, although Pro has no limit.
    expect(await usage(user.cookie)).toBe(3);
    const download = await fetch(`${baseUrl}/api/download/${created.id}`, {
      headers: { cookie: user.cookie },
    });
    expect(await download.text()).toContain('weather today');
  });

  it('owner only (404), refused while running (409), counted in the month and refused at its limit', async () => {
    const owner = await signUp(app);
    const stranger = await signUp(app);
    await makeUserPro(app, stranger.userId);
    const created = await uploaded(owner.cookie, short, 'memo.wav');

    // The upload's own run has not finished yet: a re-run now would race it.
    const busy = await retranscribe(owner.cookie, created.id);
    expect(busy.status).toBe(409);
    expect(((await busy.json()) as { message: string }).message).toMatch(/still being processed/);
    const done = await waitForTranscription<TranscriptionDto>(baseUrl, owner.cookie, created.id);
    expect(done.status).toBe('completed');
    expect(await usage(owner.cookie)).toBe(1);

    expect((await retranscribe(stranger.cookie, created.id, { wholeFile: true })).status).toBe(404);
    expect((await retranscribe(stranger.cookie, 'no-such-id')).status).toBe(404);
    const anonymous = await fetch(`${baseUrl}/api/transcriptions/${created.id}/retranscribe`, {
      method: 'POST',
      headers: SAME_ORIGIN,
    });
    expect(anonymous.status).toBe(401);
    expect(await usage(stranger.cookie)).toBe(0);

    // Eight more this month, as the ledger would hold them after eight more uploads.
    await app.database.db
      .update(monthlyTranscriptionCounts)
      .set({ count: 9 })
      .where(
        and(
          eq(monthlyTranscriptionCounts.userId, owner.userId),
          eq(monthlyTranscriptionCounts.month, utcMonth(new Date())),
        ),
      );
    expect((await retranscribe(owner.cookie, created.id)).status).toBe(202);
    await waitForTranscription<TranscriptionDto>(baseUrl, owner.cookie, created.id);
    expect(await usage(owner.cookie)).toBe(10);

    const refused = await retranscribe(owner.cookie, created.id);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe(MONTHLY_LIMIT);
    const after = await getJson<TranscriptionDto>(
      baseUrl,
      owner.cookie,
      `/api/transcriptions/${created.id}`,
    );
    expect(after.body).toMatchObject({ status: 'completed', text: done.text });
    expect(await usage(owner.cookie)).toBe(10);
  });
});
