import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_CLOSE, LIVE_TRANSCRIPTION_PATH } from '../../src/core/live-transcription.js';
import type { RunningServer } from '../e2e/support/server.js';
import {
  startTwoApiProcesses,
  type TwoApiProcesses,
} from '../integration/support/two-api-processes.js';
import { signUpOverHttp } from '../fixtures/accounts/sign-up-over-http.js';
import { requirePostgres } from '../integration/support/databases.js';
import { opened, openLive } from '../integration/support/live-client.js';
import { holdEventStream } from './support/open-streams.js';

// Two API processes on one PostgreSQL. Issue 32.7: the live-preview places held per process
// only; 32.8: a sign-out left the other process's streams open; 32.10: right after a sign-out
// the other process still answered 200, depending on when its notification arrived.
await requirePostgres();

let processes: TwoApiProcesses;
let first: RunningServer;
let second: RunningServer;
let db: pg.Client;

beforeAll(async () => {
  processes = await startTwoApiProcesses();
  ({ first, second, db } = processes);
});
afterAll(async () => {
  await processes?.stop();
});

function send(server: RunningServer, cookie: string, method: string, path: string, body?: object) {
  return fetch(`${server.baseUrl}${path}`, {
    method,
    headers: {
      cookie,
      origin: server.baseUrl,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
    redirect: 'manual',
  });
}

const wsUrlOf = (server: RunningServer) =>
  `${server.baseUrl.replace('http', 'ws')}${LIVE_TRANSCRIPTION_PATH}`;

/** Signs up on the first process and has the second verify (and remember) the session. */
async function signedInOnBoth(): Promise<string> {
  const { cookie } = await signUpOverHttp(first.baseUrl, { name: 'Across' });
  for (let check = 0; check < 2; check++) {
    expect((await send(second, cookie, 'GET', '/api/auth/user')).status).toBe(200);
  }
  return cookie;
}

describe('two API processes on one PostgreSQL', () => {
  it("an account's live previews are counted across processes", async () => {
    const { cookie } = await signUpOverHttp(first.baseUrl, { name: 'Recorder' });
    const held = [];
    for (let place = 0; place < 2; place++) {
      const live = opened(await openLive(wsUrlOf(first), { origin: first.baseUrl, cookie }));
      await live.waitFor((message) => message.type === 'ready');
      held.push(live);
    }
    const third = opened(await openLive(wsUrlOf(second), { origin: second.baseUrl, cookie }));
    expect((await third.closed).code).toBe(LIVE_CLOSE.tooManySessions);
    for (const live of held) live.socket.close(1000);
  });

  it('a session ended in the database is refused at once for a change on the other process', async () => {
    const cookie = await signedInOnBoth();
    // Ended without any notification (as by hand): only the database knows.
    await db.query(`DELETE FROM sessions`);
    const change = await send(second, cookie, 'POST', '/api/keys', { name: 'after sign-out' });
    expect(change.status).toBe(401);
  });

  it('signing out on one process ends the streams and sockets it opened on the other', async () => {
    const cookie = await signedInOnBoth();
    const library = await holdEventStream(`${second.baseUrl}/api/transcriptions/events`, cookie);
    expect(library.status).toBe(200);
    const live = opened(await openLive(wsUrlOf(second), { origin: second.baseUrl, cookie }));
    await live.waitFor((message) => message.type === 'ready');

    expect((await send(first, cookie, 'POST', '/api/logout')).status).toBe(303);
    // A change is refused on the other process at once, whenever its notification arrives.
    expect((await send(second, cookie, 'POST', '/api/keys', { name: 'late' })).status).toBe(401);
    // The streams end when the notification arrives.
    await library.ended;
    expect((await live.closed).code).toBe(LIVE_CLOSE.signedOut);
  });
});
