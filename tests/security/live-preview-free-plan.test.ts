import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_CLOSE, LIVE_TRANSCRIPTION_PATH } from '../../src/core/live-transcription.js';
import { utcMonth } from '../../src/server/quota/usage.js';
import { monthlyTranscriptionCounts } from '../../src/server/db/schema.js';
import { LIVE_PREVIEW_FIELD_MESSAGE } from '../../src/server/transcriptions/upload-form.js';
import { SAME_ORIGIN, signUp } from '../integration/support/accounts.js';
import { databaseKinds } from '../integration/support/databases.js';
import { listen, uploadFile } from '../integration/support/http.js';
import { makeSpeechClip, makeTempDirectory } from '../fixtures/speech/speech-fixtures.js';
import { opened, openLive, type LiveClient } from '../integration/support/live-client.js';
import { makeUserPro } from '../integration/support/subscriptions.js';
import { createTestApp, type TestApp } from '../integration/support/test-app.js';

// Issue 32.6: three 30-second live previews transcribed a 74 s recording in full on the Free
// plan, and the month's count stayed 0. A free preview is one of the month's transcriptions.
// Issue 29: the recording previewed live is saved at once; its upload claims the preview's
// charge instead of being counted (or refused) again (decision 0072).
let fixtures: { path: string; remove: () => Promise<void> };
let recordingPath: string;
beforeAll(async () => {
  fixtures = await makeTempDirectory('sonoscript-preview-claim-');
  recordingPath = (await makeSpeechClip(fixtures.path, 'recording', [{ silence: 0.3 }])).path;
});
afterAll(async () => {
  await fixtures?.remove();
});

describe.each(await databaseKinds())('the live preview on the Free plan (%s)', (kind) => {
  let app: TestApp;
  let baseUrl: string;
  let wsUrl: string;

  beforeAll(async () => {
    app = await createTestApp(kind);
    baseUrl = await listen(app);
    wsUrl = `${baseUrl.replace('http', 'ws')}${LIVE_TRANSCRIPTION_PATH}`;
  });
  afterAll(async () => {
    await app?.close();
  });

  /** Opens a preview, closes it, and gives the id its `ready` message named. */
  async function previewAndClose(cookie: string): Promise<string> {
    const live = opened(await openLive(wsUrl, { ...SAME_ORIGIN, cookie }));
    const ready = await live.waitFor((message) => message.type === 'ready');
    live.socket.close(1000);
    await live.closed;
    return ready.type === 'ready' ? ready.previewId : '';
  }

  const saveRecording = (cookie: string, livePreview: string) =>
    uploadFile(baseUrl, cookie, recordingPath, {
      filename: 'Recording.wav',
      extraFields: { livePreview },
    });

  async function setMonthCount(userId: string, count: number): Promise<void> {
    await app.database.db
      .insert(monthlyTranscriptionCounts)
      .values({ userId, month: utcMonth(new Date()), count });
  }

  async function monthCount(userId: string): Promise<number> {
    const [row] = await app.database.db
      .select({ count: monthlyTranscriptionCounts.count })
      .from(monthlyTranscriptionCounts)
      .where(
        and(
          eq(monthlyTranscriptionCounts.userId, userId),
          eq(monthlyTranscriptionCounts.month, utcMonth(new Date())),
        ),
      );
    return row?.count ?? 0;
  }

  it('counts each free preview as one transcription of the month, as the usage shows', async () => {
    const user = await signUp(app);
    for (let preview = 0; preview < 3; preview++) await previewAndClose(user.cookie);
    const usage = await app.server.inject({ url: '/api/usage', headers: { cookie: user.cookie } });
    expect(usage.json()).toMatchObject({ plan: 'free', transcriptionsThisMonth: 3 });
  });

  it('refuses a free preview once the month is used up, saying so, and counts nothing', async () => {
    const user = await signUp(app);
    await setMonthCount(user.userId, 9);
    await previewAndClose(user.cookie);
    expect(await monthCount(user.userId)).toBe(10);

    const refused: LiveClient = opened(
      await openLive(wsUrl, { ...SAME_ORIGIN, cookie: user.cookie }),
    );
    expect((await refused.closed).code).toBe(LIVE_CLOSE.monthlyLimit);
    expect(refused.messages).toEqual([
      {
        type: 'error',
        message: expect.stringContaining('Monthly limit reached') as unknown as string,
      },
    ]);
    expect(refused.messages.some((message) => message.type === 'ready')).toBe(false);
    expect(await monthCount(user.userId)).toBe(10);
  });

  it('saves the previewed recording at 9 of 10 without counting it again, once per preview', async () => {
    const user = await signUp(app);
    await setMonthCount(user.userId, 9);
    const previewId = await previewAndClose(user.cookie);
    expect(await monthCount(user.userId)).toBe(10);

    // Two saves naming the same preview (a retry racing the first): one is paid by it.
    const answers = await Promise.all([
      saveRecording(user.cookie, previewId),
      saveRecording(user.cookie, previewId),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 403]);
    const refused = answers.find((answer) => answer.status === 403);
    expect(((await refused?.json()) as { message: string }).message).toContain(
      'Monthly limit reached',
    );
    expect(await monthCount(user.userId)).toBe(10);
    const library = await app.server.inject({
      url: '/api/transcriptions',
      headers: { cookie: user.cookie },
    });
    expect((library.json() as unknown[]).length).toBe(1);
  });

  it("gives no discount for another account's preview, and refuses a malformed one", async () => {
    const owner = await signUp(app);
    const other = await signUp(app);
    const ownersPreview = await previewAndClose(owner.cookie);

    expect((await saveRecording(other.cookie, ownersPreview)).status).toBe(201);
    expect(await monthCount(other.userId)).toBe(1);
    // The owner's preview is still theirs to claim.
    expect((await saveRecording(owner.cookie, ownersPreview)).status).toBe(201);
    expect(await monthCount(owner.userId)).toBe(1);

    const malformed = await saveRecording(owner.cookie, 'not-a-preview');
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { message: string }).message).toBe(
      LIVE_PREVIEW_FIELD_MESSAGE,
    );
    expect(await monthCount(owner.userId)).toBe(1);
  });

  it('leaves Pro previews out of any quota', async () => {
    const user = await signUp(app);
    await makeUserPro(app, user.userId);
    await app.database.db
      .insert(monthlyTranscriptionCounts)
      .values({ userId: user.userId, month: utcMonth(new Date()), count: 500 });
    await previewAndClose(user.cookie);
    expect(await monthCount(user.userId)).toBe(500);
  });
});
