import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_CLOSE, LIVE_TRANSCRIPTION_PATH } from '../../src/core/live-transcription.js';
import { cookieHeader, SAME_ORIGIN, signIn, signUp } from '../integration/support/accounts.js';
import { databaseKinds } from '../integration/support/databases.js';
import { listen } from '../integration/support/http.js';
import { opened, openLive, type LiveClient } from '../integration/support/live-client.js';
import { createTestApp, type TestApp } from '../integration/support/test-app.js';
import { holdEventStream, type HeldStream } from './support/open-streams.js';

// Issue 32.8: after POST /api/logout the library's event stream kept sending new transcripts
// and a live-preview socket kept answering. Whatever ends a session ends its streams at once.
describe.each(await databaseKinds())('streams end with their session (%s)', (kind) => {
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

  async function openAll(cookie: string): Promise<{ library: HeldStream; live: LiveClient }> {
    const library = await holdEventStream(`${baseUrl}/api/transcriptions/events`, cookie);
    expect(library.status).toBe(200);
    const live = opened(await openLive(wsUrl, { ...SAME_ORIGIN, cookie }));
    await live.waitFor((message) => message.type === 'ready');
    return { library, live };
  }

  async function expectEnded(streams: { library: HeldStream; live: LiveClient }): Promise<void> {
    await streams.library.ended;
    expect((await streams.live.closed).code).toBe(LIVE_CLOSE.signedOut);
    expect(streams.live.messages.at(-1)).toMatchObject({
      type: 'error',
      message: expect.stringContaining('no longer signed in') as unknown as string,
    });
  }

  it("signing out ends that session's streams and sockets, and only that session's", async () => {
    const user = await signUp(app);
    const other = cookieHeader(await signIn(app, user.email, user.password));
    const signedOut = await openAll(user.cookie);
    const stays = await openAll(other);

    const logout = await fetch(`${baseUrl}/api/logout`, {
      method: 'POST',
      headers: { ...SAME_ORIGIN, cookie: user.cookie },
      redirect: 'manual',
    });
    expect(logout.status).toBe(303);
    await expectEnded(signedOut);

    // The other browser's session goes on: its socket still answers, its stream is open.
    stays.live.socket.send('not audio');
    expect((await stays.live.closed).code).toBe(LIVE_CLOSE.badAudio);
    expect(stays.library.isEnded).toBe(false);
    stays.library.drop();
  });

  it('deleting the account ends its streams and sockets', async () => {
    const user = await signUp(app);
    const streams = await openAll(user.cookie);
    const deletion = await fetch(`${baseUrl}/api/account`, {
      method: 'DELETE',
      headers: { ...SAME_ORIGIN, cookie: user.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ confirm: true, password: 'correct horse battery' }),
    });
    expect(deletion.status).toBe(200);
    await expectEnded(streams);
  });
});
