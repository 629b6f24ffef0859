import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_CLOSE, LIVE_TRANSCRIPTION_PATH } from '../../src/core/live-transcription.js';
import { utcMonth } from '../../src/server/quota/usage.js';
import { monthlyTranscriptionCounts } from '../../src/server/db/schema.js';
import { SAME_ORIGIN, signUp } from '../integration/support/accounts.js';
import { databaseKinds } from '../integration/support/databases.js';
import { listen } from '../integration/support/http.js';
import { opened, openLive, type LiveClient } from '../integration/support/live-client.js';
import { makeUserPro } from '../integration/support/subscriptions.js';
import { createTestApp, type TestApp } from '../integration/support/test-app.js';

// Issue 32.6: three 30-second live previews transcribed a 74 s recording in full on the Free
// plan, and the month's count stayed 0. A free preview is one of the month's transcriptions.
describe.each(await databaseKinds())('the live preview on the Free plan (%s)', (kind) => {
  let app: TestApp;
  let wsUrl: string;

  beforeAll(async () => {
    app = await createTestApp(kind);
    wsUrl = `${(await listen(app)).replace('http', 'ws')}${LIVE_TRANSCRIPTION_PATH}`;
  });
  afterAll(async () => {
    await app?.close();
  });

  async function previewAndClose(cookie: string): Promise<void> {
    const live = opened(await openLive(wsUrl, { ...SAME_ORIGIN, cookie }));
    await live.waitFor((message) => message.type === 'ready');
    live.socket.close(1000);
    await live.closed;
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
    await app.database.db
      .insert(monthlyTranscriptionCounts)
      .values({ userId: user.userId, month: utcMonth(new Date()), count: 9 });
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
