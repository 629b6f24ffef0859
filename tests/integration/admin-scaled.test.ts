import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_DISABLED_MESSAGE } from '../../src/server/accounts/disabled-account-guard.js';
import { SESSION_CACHE_MAX_AGE_MS } from '../../src/server/accounts/session-revocations.js';
import { signUpOverHttp } from '../fixtures/accounts/sign-up-over-http.js';
import type { RunningServer } from '../e2e/support/server.js';
import { requirePostgres } from './support/databases.js';
import { startTwoApiProcesses, type TwoApiProcesses } from './support/two-api-processes.js';

// Disabling an account on one API process, seen from another that holds its session in memory.
// As for a sign-out (decision 0039): what changes something, every API key request and every
// sign-in are refused at once; a read may be answered from memory until the other process hears
// the revocation (normally milliseconds; at worst the cache's minute), so reads are awaited.
await requirePostgres();

const ADMIN_EMAIL = 'scaled-admin@example.com';
const READ_BOUND_MS = SESSION_CACHE_MAX_AGE_MS + 5_000;

let processes: TwoApiProcesses;
let first: RunningServer;
let second: RunningServer;

beforeAll(async () => {
  processes = await startTwoApiProcesses({ ADMIN_EMAILS: ADMIN_EMAIL });
  ({ first, second } = processes);
});
afterAll(async () => {
  await processes?.stop();
});

function send(
  server: RunningServer,
  headers: Record<string, string>,
  method: string,
  path: string,
  body?: object,
) {
  return fetch(`${server.baseUrl}${path}`, {
    method,
    headers: {
      origin: server.baseUrl,
      ...headers,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
}

describe('disabling an account across two API processes', () => {
  it('stops its session and its API key on the other process too', async () => {
    const user = await signUpOverHttp(first.baseUrl, { name: 'Disabled Soon' });
    const cookie = { cookie: user.cookie };
    const created = await send(second, cookie, 'POST', '/api/keys', { name: 'script' });
    expect(created.status).toBe(201);
    const key = { authorization: `Bearer ${((await created.json()) as { key: string }).key}` };
    // The second process now holds the session in memory.
    for (let check = 0; check < 2; check++) {
      expect((await send(second, cookie, 'GET', '/api/auth/user')).status).toBe(200);
    }
    expect((await send(second, key, 'GET', '/api/transcriptions')).status).toBe(200);

    const admin = await signUpOverHttp(first.baseUrl, { email: ADMIN_EMAIL, name: 'Admin' });
    const disabled = await send(
      first,
      { cookie: admin.cookie },
      'POST',
      `/api/admin/users/${user.userId}/disable`,
    );
    expect(disabled.status).toBe(200);

    // At once, on the other process: changes, keys and new sign-ins.
    expect((await send(second, cookie, 'POST', '/api/keys', { name: 'late' })).status).toBe(401);
    const byKey = await send(second, key, 'GET', '/api/transcriptions');
    expect(byKey.status).toBe(403);
    expect(await byKey.json()).toEqual({ message: ACCOUNT_DISABLED_MESSAGE });
    const signIn = await send(second, {}, 'POST', '/api/identity/sign-in/email', {
      email: user.email,
      password: user.password,
    });
    expect(signIn.status).toBe(403);
    // Reads, once the other process has heard it (within the bound).
    const deadline = Date.now() + READ_BOUND_MS;
    let status = 0;
    while (Date.now() < deadline) {
      status = (await send(second, cookie, 'GET', '/api/auth/user')).status;
      if (status === 401) break;
      await new Promise((wake) => setTimeout(wake, 50));
    }
    expect(status).toBe(401);
    // The admin's own console works from either process.
    const users = await send(second, { cookie: admin.cookie }, 'GET', '/api/admin/users');
    expect(users.status).toBe(200);
  });
});
