import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../e2e/support/server.js';
import { startTwoApiProcesses, type TwoApiProcesses } from './support/two-api-processes.js';
import { requirePostgres } from './support/databases.js';
import { signUpOverHttp } from '../fixtures/accounts/sign-up-over-http.js';
import { SESSION_CACHE_MAX_AGE_MS } from '../../src/server/accounts/session-revocations.js';
import { PAID_STATE_CACHE_MAX_AGE_MS } from '../../src/server/billing/paid-state-changes.js';

// Two API processes on one PostgreSQL, each verifying sessions (and plans) from its own memory.
// What the product promises (docs/decisions/0039): a request that changes something is checked
// in the database, so an ended session is refused for it on every process at once; a read may
// be answered from memory until the other process hears the change, which is normally within
// milliseconds and at worst the caches' minute. Reads are awaited within that bound, never
// assumed to have heard it at once.
await requirePostgres();

/** The longest a read on another process may still show what a change replaced. */
const READ_BOUND_MS = Math.max(SESSION_CACHE_MAX_AGE_MS, PAID_STATE_CACHE_MAX_AGE_MS) + 5_000;

/** Waits until `check` holds, for at most the read bound, then says whether it did. */
async function holdsWithinReadBound(check: () => Promise<boolean>): Promise<boolean> {
  const deadline = Date.now() + READ_BOUND_MS;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((wake) => setTimeout(wake, 50));
  }
}

let processes: TwoApiProcesses;
let first: RunningServer;
let second: RunningServer;

beforeAll(async () => {
  processes = await startTwoApiProcesses();
  ({ first, second } = processes);
});
afterAll(async () => {
  await processes?.stop();
});

async function signUp(server: RunningServer): Promise<string> {
  return (await signUpOverHttp(server.baseUrl, { name: 'Before' })).cookie;
}

function send(server: RunningServer, cookie: string, method: string, path: string, body?: object) {
  return fetch(`${server.baseUrl}${path}`, {
    method,
    headers: {
      cookie,
      origin: server.baseUrl,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
}

/** Signs up on the first process and has the second verify (and remember) the session. */
async function signedInOnBoth(): Promise<string> {
  const cookie = await signUp(first);
  for (let check = 0; check < 2; check++) {
    expect((await send(second, cookie, 'GET', '/api/auth/user')).status).toBe(200);
  }
  return cookie;
}

describe('sessions across two API processes on one PostgreSQL', () => {
  it('signing out on one process refuses changes on the other at once, and reads within the bound', async () => {
    const cookie = await signedInOnBoth();
    expect((await send(first, cookie, 'POST', '/api/identity/sign-out', {})).status).toBe(200);
    expect((await send(second, cookie, 'POST', '/api/keys', { name: 'late' })).status).toBe(401);
    expect(
      await holdsWithinReadBound(
        async () => (await send(second, cookie, 'GET', '/api/auth/user')).status === 401,
      ),
    ).toBe(true);
    expect(await (await send(second, cookie, 'GET', '/api/auth/status')).json()).toEqual({
      isAuthenticated: false,
    });
  });

  it('deleting the account on one process refuses changes on the other at once, and reads within the bound', async () => {
    const cookie = await signedInOnBoth();
    const deletion = await send(first, cookie, 'DELETE', '/api/account', {
      confirm: true,
      password: 'correct horse battery',
    });
    expect(deletion.status).toBe(200);
    expect((await send(second, cookie, 'POST', '/api/keys', { name: 'late' })).status).toBe(401);
    expect(
      await holdsWithinReadBound(
        async () => (await send(second, cookie, 'GET', '/api/usage')).status === 401,
      ),
    ).toBe(true);
  });

  it('a name changed on one process is the name the other shows within the bound', async () => {
    const cookie = await signedInOnBoth();
    const update = await send(first, cookie, 'POST', '/api/identity/update-user', {
      name: 'After',
    });
    expect(update.status).toBe(200);
    const username = async () =>
      ((await (await send(second, cookie, 'GET', '/api/auth/user')).json()) as { username: string })
        .username;
    expect(await holdsWithinReadBound(async () => (await username()) === 'After')).toBe(true);
  });

  it('paying on one process makes the user Pro on the other within the bound', async () => {
    const cookie = await signedInOnBoth();
    const isPaid = async (server: RunningServer) =>
      ((await (await send(server, cookie, 'GET', '/api/auth/user')).json()) as { isPaid: boolean })
        .isPaid;
    expect(await isPaid(second)).toBe(false);
    const checkout = (await (
      await send(first, cookie, 'POST', '/api/get-or-create-subscription')
    ).json()) as { clientSecret: string };
    const payment = await send(first, cookie, 'POST', '/api/billing/test-mode/confirm-payment', {
      clientSecret: checkout.clientSecret,
      card: { number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' },
    });
    expect(payment.status).toBe(200);
    expect(await holdsWithinReadBound(() => isPaid(second))).toBe(true);
    const usage = (await (await send(second, cookie, 'GET', '/api/usage')).json()) as {
      plan: string;
    };
    expect(usage.plan).toBe('pro');
  });
});
