import { count } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_CLOSE, LIVE_TRANSCRIPTION_PATH } from '../../src/core/live-transcription.js';
import { livePreviewLeases } from '../../src/server/db/schema.js';
import { SAME_ORIGIN, signUp } from '../integration/support/accounts.js';
import { databaseKinds } from '../integration/support/databases.js';
import { listen } from '../integration/support/http.js';
import { opened, openLive, type LiveClient } from '../integration/support/live-client.js';
import { makeUserPro } from '../integration/support/subscriptions.js';
import { createTestApp, type TestApp } from '../integration/support/test-app.js';

// Issue 32.7: 8 free accounts x 2 sessions, each sending a 2-byte frame every 5 s, held all 16
// places, and a Pro user then read "At most 2 live previews at a time".
const PLACES = { maxSessions: 4, proReserved: 2, sessionsPerAccount: 2 };

describe.each(await databaseKinds())('live-preview places (%s)', (kind) => {
  let app: TestApp;
  let wsUrl: string;
  const open: LiveClient[] = [];

  beforeAll(async () => {
    app = await createTestApp(kind, { liveTranscription: { idleSeconds: 120, ...PLACES } });
    wsUrl = `${(await listen(app)).replace('http', 'ws')}${LIVE_TRANSCRIPTION_PATH}`;
  });
  afterEach(async () => {
    for (const live of open.splice(0)) live.socket.close(1000);
    // Every place is given back before the next test counts them.
    while ((await leasesHeld()) > 0) await new Promise((wake) => setTimeout(wake, 50));
  });
  afterAll(async () => {
    await app?.close();
  });

  async function leasesHeld(): Promise<number> {
    const [row] = await app.database.db.select({ held: count() }).from(livePreviewLeases);
    return row?.held ?? 0;
  }

  async function preview(cookie: string): Promise<LiveClient> {
    const live = opened(await openLive(wsUrl, { ...SAME_ORIGIN, cookie }));
    open.push(live);
    await live.waitFor((message) => message.type !== 'transcript');
    return live;
  }

  async function pro(): Promise<string> {
    const user = await signUp(app);
    await makeUserPro(app, user.userId);
    return user.cookie;
  }

  it('keeps places for Pro that free accounts cannot take, and says when every place is in use', async () => {
    const freeA = (await signUp(app)).cookie;
    const freeB = (await signUp(app)).cookie;
    for (const live of [await preview(freeA), await preview(freeA)]) {
      expect(live.messages[0]).toMatchObject({ type: 'ready' });
    }
    // The free share (4 places, 2 kept for Pro) is taken: another free account is told so.
    const freeRefused = await preview(freeB);
    expect((await freeRefused.closed).code).toBe(LIVE_CLOSE.busy);
    expect(freeRefused.messages[0]).toMatchObject({
      type: 'error',
      message: expect.stringContaining('Free plan') as unknown as string,
    });

    for (const live of [await preview(await pro()), await preview(await pro())]) {
      expect(live.messages[0]).toMatchObject({ type: 'ready' });
    }
    // Every place is in use: the message says the preview is busy, not that the account has too many.
    const full = await preview(await pro());
    expect((await full.closed).code).toBe(LIVE_CLOSE.busy);
    const busy = full.messages[0];
    expect(busy).toMatchObject({ type: 'error', message: expect.stringContaining('busy') });
    expect(busy).not.toMatchObject({ message: expect.stringContaining('At most') });

    // An account's own limit keeps its own message.
    const third = await preview(freeA);
    expect((await third.closed).code).toBe(LIVE_CLOSE.tooManySessions);
    expect(third.messages[0]).toMatchObject({
      message: expect.stringContaining('At most 2 live previews') as unknown as string,
    });
  });

  it('gives a place back when its session ends, and forgets a lease that ran out', async () => {
    const freeA = (await signUp(app)).cookie;
    const first = await preview(freeA);
    await preview(freeA);
    first.socket.close(1000);
    await first.closed;
    while ((await leasesHeld()) > 1) await new Promise((wake) => setTimeout(wake, 50));
    expect((await preview(freeA)).messages[0]).toMatchObject({ type: 'ready' });

    // A process that died left leases on every other place; they ran out, so they hold none.
    const gone = await signUp(app);
    await app.database.db.insert(livePreviewLeases).values(
      [1, 2].map(() => ({
        id: randomUUID(),
        userId: gone.userId,
        plan: 'pro',
        expiresAt: new Date(Date.now() - 60_000),
      })),
    );
    expect((await preview(await pro())).messages[0]).toMatchObject({ type: 'ready' });
  });
});

describe.each(await databaseKinds())('an idle live preview (%s)', (kind) => {
  let app: TestApp;
  let wsUrl: string;

  beforeAll(async () => {
    app = await createTestApp(kind, { liveTranscription: { idleSeconds: 2 } });
    wsUrl = `${(await listen(app)).replace('http', 'ws')}${LIVE_TRANSCRIPTION_PATH}`;
  });
  afterAll(async () => {
    await app?.close();
  });

  it('is one that sends tiny frames but no audio: it is ended and its place freed', async () => {
    const { cookie } = await signUp(app);
    const live = opened(await openLive(wsUrl, { ...SAME_ORIGIN, cookie }));
    await live.waitFor((message) => message.type === 'ready');
    const trickle = setInterval(() => live.socket.send(Buffer.alloc(2), { binary: true }), 200);
    try {
      expect(await live.waitFor((message) => message.type === 'stopped')).toMatchObject({
        reason: 'idle',
      });
      expect((await live.closed).code).toBe(1000);
    } finally {
      clearInterval(trickle);
    }
  });
});
