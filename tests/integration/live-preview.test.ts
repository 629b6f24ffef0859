import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { LIVE_CLOSE, LIVE_TRANSCRIPTION_PATH } from '../../src/core/live-transcription.js';
import { makeSpeechClip, makeTempDirectory } from '../fixtures/speech/speech-fixtures.js';
import { SAME_ORIGIN, signUp } from './support/accounts.js';
import { databaseKinds } from './support/databases.js';
import { listen } from './support/http.js';
import { opened, openLive, pcmOf } from './support/live-client.js';
import { makeUserPro } from './support/subscriptions.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const COUNTING = 'one two three four five six seven eight nine ten';
let fixtures: { path: string; remove: () => Promise<void> };
let counting: Buffer;
let freeLimitClip: Buffer;

beforeAll(async () => {
  fixtures = await makeTempDirectory('sonoscript-live-');
  const [short, long] = await Promise.all([
    makeSpeechClip(fixtures.path, 'counting', [
      { silence: 0.5 },
      { say: COUNTING },
      { silence: 1.5 },
    ]),
    // Counting before 30 s, "weather" after it: a free preview must stop between the two.
    makeSpeechClip(fixtures.path, 'past-thirty', [
      { silence: 21 },
      { say: COUNTING },
      { silence: 6 },
      { say: 'the weather today is sunny and warm' },
      { silence: 1 },
    ]),
  ]);
  counting = await pcmOf(short.path);
  freeLimitClip = await pcmOf(long.path);
  expect(freeLimitClip.length / 32_000).toBeGreaterThan(33);
});
afterAll(async () => {
  await fixtures?.remove();
});

describe.each(await databaseKinds())('live preview while recording (%s)', (kind) => {
  let app: TestApp;
  let wsUrl: string;

  beforeAll(async () => {
    app = await createTestApp(kind, {
      env: { RUN_WORKERS: 'true' },
      liveTranscription: { idleSeconds: 2 },
    });
    wsUrl = `${(await listen(app)).replace('http', 'ws')}${LIVE_TRANSCRIPTION_PATH}`;
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers with the spoken words while the session is still open', async () => {
    const user = await signUp(app);
    await makeUserPro(app, user.userId);
    const live = opened(await openLive(wsUrl, { ...SAME_ORIGIN, cookie: user.cookie }));
    expect(await live.waitFor((message) => message.type === 'ready')).toMatchObject({
      limitSeconds: 300,
      engine: 'pocketsphinx',
    });
    live.sendPcm(counting);
    const heard = await live.waitFor(
      (message) => message.type === 'transcript' && message.text.includes('four five six'),
    );
    expect(live.socket.readyState).toBe(WebSocket.OPEN);
    if (heard.type !== 'transcript') throw new Error('unreachable');
    const seconds = counting.length / 32_000;
    expect(heard.audioSeconds).toBeLessThanOrEqual(seconds);
    for (const segment of heard.segments) {
      expect(segment.start).toBeGreaterThanOrEqual(0);
      expect(segment.end).toBeLessThanOrEqual(seconds);
    }
    live.socket.close(1000);
    expect((await live.closed).code).toBe(1000);
  });

  it('stops a free preview at 30 s of audio: words before it, none after', async () => {
    const user = await signUp(app);
    const live = opened(await openLive(wsUrl, { ...SAME_ORIGIN, cookie: user.cookie }));
    expect(await live.waitFor((message) => message.type === 'ready')).toMatchObject({
      limitSeconds: 30,
    });
    live.sendPcm(freeLimitClip);
    const stopped = await live.waitFor((message) => message.type === 'stopped');
    expect(stopped).toMatchObject({ type: 'stopped', reason: 'plan-limit' });
    expect((await live.closed).code).toBe(1000);
    const last = live.messages.filter((message) => message.type === 'transcript').at(-1);
    expect(last).toMatchObject({ audioSeconds: 30 });
    if (last?.type !== 'transcript') throw new Error('no transcript');
    expect(last.text).toContain('four five six');
    expect(last.text).not.toContain('weather');
  });

  it('refuses a visitor without a session and a page on another site', async () => {
    const user = await signUp(app);
    expect(await openLive(wsUrl, SAME_ORIGIN)).toEqual({ refused: 401 });
    expect(await openLive(wsUrl, { origin: 'https://evil.example', cookie: user.cookie })).toEqual({
      refused: 403,
    });
  });

  it('closes the connection of a refused upgrade: nothing is left open on the server', async () => {
    const closedAfter = await new Promise<number>((resolve, reject) => {
      const socket = new WebSocket(wsUrl, { headers: SAME_ORIGIN });
      socket.on('unexpected-response', (_request, response) => {
        response.socket.once('close', () => resolve(response.statusCode ?? 0));
      });
      socket.on('error', reject);
    });
    expect(closedAfter).toBe(401);
  }, 15_000);

  it('closes a session that sends what is not PCM', async () => {
    const user = await signUp(app);
    const live = opened(await openLive(wsUrl, { ...SAME_ORIGIN, cookie: user.cookie }));
    live.socket.send('hello');
    expect((await live.closed).code).toBe(LIVE_CLOSE.badAudio);
  });

  it('limits live previews per account and frees the place of an abandoned one', async () => {
    const user = await signUp(app);
    const headers = { ...SAME_ORIGIN, cookie: user.cookie };
    const first = opened(await openLive(wsUrl, headers));
    const second = opened(await openLive(wsUrl, headers));
    await Promise.all([first, second].map((live) => live.waitFor((m) => m.type === 'ready')));
    const third = opened(await openLive(wsUrl, headers));
    expect((await third.closed).code).toBe(LIVE_CLOSE.tooManySessions);

    // The network drops without a goodbye: the server forgets the session and sends nothing.
    first.socket.terminate();
    await first.closed;
    // The other goes silent (a tab put to sleep): the server ends it after the idle time.
    const idle = await second.waitFor((message) => message.type === 'stopped');
    expect(idle).toMatchObject({ reason: 'idle' });
    expect((await second.closed).code).toBe(1000);

    const again = await Promise.all([openLive(wsUrl, headers), openLive(wsUrl, headers)]);
    for (const live of again.map(opened)) {
      expect(await live.waitFor((message) => message.type !== 'transcript')).toMatchObject({
        type: 'ready',
      });
      live.socket.close();
    }
  });
});
