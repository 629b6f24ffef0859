import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminActions,
  AdminQueue,
  AdminSystem,
  AdminUsersPage,
} from '../../src/core/api/admin.js';
import { ACCOUNT_DISABLED_MESSAGE } from '../../src/server/accounts/disabled-account-guard.js';
import { proGrants } from '../../src/server/db/schema.js';
import { routesOf } from '../../src/server/http/openapi.js';
import { SAME_ORIGIN, signIn, signUp, uniqueEmail } from './support/accounts.js';
import { databaseKinds } from './support/databases.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const kinds = await databaseKinds();
const ADMIN_EMAIL = 'Operator.Admin@example.com';

/** Waits for `check` to hold, within a deadline (the queue's workers poll every second). */
async function eventually(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('the condition did not hold in time');
    await new Promise((wake) => setTimeout(wake, 100));
  }
}

describe.each(kinds)('the admin console on %s', (kind) => {
  let app: TestApp;
  let admin: { cookie: string; userId: string; email: string };

  const asAdmin = (method: string, url: string) =>
    app.server.inject({
      method: method as 'GET',
      url,
      headers: { ...SAME_ORIGIN, cookie: admin.cookie },
    });

  async function createKey(cookie: string): Promise<string> {
    const created = await app.server.inject({
      method: 'POST',
      url: '/api/keys',
      headers: { ...SAME_ORIGIN, cookie },
      payload: { name: 'script' },
    });
    expect(created.statusCode).toBe(201);
    return created.json<{ key: string }>().key;
  }

  beforeAll(async () => {
    app = await createTestApp(kind, {
      env: { ADMIN_EMAILS: ` someone-else@example.com , ${ADMIN_EMAIL} ` },
    });
    const signedUp = await signUp(app, { email: ADMIN_EMAIL.toLowerCase(), name: 'Ops Admin' });
    admin = { cookie: signedUp.cookie, userId: signedUp.userId, email: signedUp.email };
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers 404 on /admin and every admin route to anyone but a signed-in admin', async () => {
    const user = await signUp(app);
    const userKey = await createKey(user.cookie);
    const adminKey = await createKey(admin.cookie);
    const routes = routesOf(app.server).filter(
      ({ url }) => url === '/admin' || url.startsWith('/api/admin/'),
    );
    expect(routes.map(({ method, url }) => `${method} ${url}`).sort()).toEqual([
      'DELETE /api/admin/users/:id/pro',
      'GET /admin',
      'GET /api/admin/actions',
      'GET /api/admin/queue',
      'GET /api/admin/system',
      'GET /api/admin/users',
      'POST /api/admin/queue/:queue/jobs/:id/retry',
      'POST /api/admin/users/:id/disable',
      'POST /api/admin/users/:id/enable',
      'PUT /api/admin/users/:id/pro',
    ]);
    const strangers: Array<[who: string, headers: Record<string, string>]> = [
      ['signed out', {}],
      ['another user', { cookie: user.cookie }],
      ["another user's API key", { authorization: `Bearer ${userKey}` }],
      // Keys never reach the console, an admin's included (decision 0076).
      ["the admin's API key", { authorization: `Bearer ${adminKey}` }],
      ['a wrong API key', { authorization: 'Bearer sk-sono-nothing' }],
    ];
    const unknownPage = await app.server.inject({ url: '/no-such-page' });
    for (const [who, headers] of strangers) {
      for (const { method, url } of routes) {
        const path = url.replace(':queue', 'transcription').replace(':id', user.userId);
        const response = await app.server.inject({
          method: method as 'GET',
          url: path,
          headers: { ...SAME_ORIGIN, ...headers },
          ...(method === 'GET' ? {} : { payload: {} }),
        });
        expect(response.statusCode, `${who}: ${method} ${path}`).toBe(404);
        if (url === '/admin') {
          // The page any unknown path gets: the app's 404 screen.
          expect(response.body).toBe(unknownPage.body);
        } else {
          expect(response.json(), `${who}: ${method} ${path}`).toEqual({
            message: `Route ${method} ${path} not found`,
          });
        }
      }
    }
    // Nothing was done: the account is not disabled and has no Pro.
    const me = await app.server.inject({ url: '/api/auth/user', headers: { cookie: user.cookie } });
    expect(me.json()).toMatchObject({ isPaid: false, isAdmin: false });
    const adminMe = await asAdmin('GET', '/api/auth/user');
    expect(adminMe.json()).toMatchObject({ isAdmin: true });
    expect((await asAdmin('GET', '/admin')).statusCode).toBe(200);
    const log = (await asAdmin('GET', '/api/admin/actions')).json<AdminActions>();
    expect(log.actions).toEqual([]);
  });

  it('shows the accounts with plan, usage, storage and dates, paged and searchable', async () => {
    const name = `Findable ${Date.now()}`;
    const user = await signUp(app, { name });
    const all = await asAdmin('GET', '/api/admin/users');
    expect(all.statusCode).toBe(200);
    const page = all.json<AdminUsersPage>();
    expect(page.total).toBeGreaterThanOrEqual(2);
    expect(page.pageSize).toBe(25);
    // Newest first: the account just made leads.
    expect(page.users[0]).toMatchObject({
      id: user.userId,
      name,
      email: user.email,
      plan: 'free',
      proSource: null,
      transcriptionsThisMonth: 0,
      storageBytes: 0,
      disabledAt: null,
      deleted: false,
    });
    expect(Date.parse(page.users[0]?.createdAt ?? '')).not.toBeNaN();
    expect(Date.parse(page.users[0]?.lastSignInAt ?? '')).not.toBeNaN();

    const found = await asAdmin('GET', `/api/admin/users?search=${encodeURIComponent(user.email)}`);
    expect(found.json<AdminUsersPage>()).toMatchObject({ total: 1, users: [{ id: user.userId }] });
    const none = await asAdmin('GET', '/api/admin/users?search=%25_nobody');
    expect(none.json<AdminUsersPage>()).toMatchObject({ total: 0, users: [] });
    const beyond = await asAdmin('GET', '/api/admin/users?page=999');
    expect(beyond.json<AdminUsersPage>().users).toEqual([]);
    expect((await asAdmin('GET', '/api/admin/users?page=0')).statusCode).toBe(400);
  });

  it('disabling an account stops its session and its API key at once; enabling lets it back', async () => {
    const user = await signUp(app);
    const key = await createKey(user.cookie);
    const withCookie = () =>
      app.server.inject({ url: '/api/auth/user', headers: { cookie: user.cookie } });
    const withKey = () =>
      app.server.inject({
        url: '/api/transcriptions',
        headers: { authorization: `Bearer ${key}` },
      });
    // The session is now in this process's memory; the key works.
    expect((await withCookie()).statusCode).toBe(200);
    expect((await withCookie()).statusCode).toBe(200);
    expect((await withKey()).statusCode).toBe(200);

    const disabled = await asAdmin('POST', `/api/admin/users/${user.userId}/disable`);
    expect(disabled.statusCode).toBe(200);

    expect((await withCookie()).statusCode).toBe(401);
    const refusedKey = await withKey();
    expect(refusedKey.statusCode).toBe(403);
    expect(refusedKey.json()).toEqual({ message: ACCOUNT_DISABLED_MESSAGE });
    const again = await signIn(app, user.email, user.password);
    expect(again.statusCode).toBe(403);
    expect(again.json()).toMatchObject({ message: ACCOUNT_DISABLED_MESSAGE });
    const listed = await asAdmin('GET', `/api/admin/users?search=${user.email}`);
    expect(Date.parse(listed.json<AdminUsersPage>().users[0]?.disabledAt ?? '')).not.toBeNaN();

    // An admin cannot lock themselves out.
    const self = await asAdmin('POST', `/api/admin/users/${admin.userId}/disable`);
    expect(self.statusCode).toBe(409);
    expect((await asAdmin('GET', '/api/admin/users')).statusCode).toBe(200);
    expect((await asAdmin('POST', '/api/admin/users/no-such-user/disable')).statusCode).toBe(404);

    expect((await asAdmin('POST', `/api/admin/users/${user.userId}/enable`)).statusCode).toBe(200);
    expect((await signIn(app, user.email, user.password)).statusCode).toBe(200);
    expect((await withKey()).statusCode).toBe(200);
    // The old session stays ended.
    expect((await withCookie()).statusCode).toBe(401);

    const log = (await asAdmin('GET', '/api/admin/actions')).json<AdminActions>();
    expect(log.actions.slice(0, 2)).toMatchObject([
      { action: 'enable-account', targetUserId: user.userId, targetEmail: user.email },
      { action: 'disable-account', targetUserId: user.userId, adminEmail: admin.email },
    ]);
  });

  it('grants and removes Pro, recording who did it and when', async () => {
    const user = await signUp(app);
    const plan = async () =>
      (await app.server.inject({ url: '/api/auth/user', headers: { cookie: user.cookie } })).json<{
        isPaid: boolean;
      }>().isPaid;
    expect(await plan()).toBe(false);
    const before = Date.now();
    expect((await asAdmin('PUT', `/api/admin/users/${user.userId}/pro`)).statusCode).toBe(200);
    expect(await plan()).toBe(true);
    const usage = await app.server.inject({ url: '/api/usage', headers: { cookie: user.cookie } });
    expect(usage.json()).toMatchObject({ plan: 'pro', transcriptionLimit: null });
    const row = (
      await asAdmin('GET', `/api/admin/users?search=${encodeURIComponent(user.email)}`)
    ).json<AdminUsersPage>().users[0];
    expect(row).toMatchObject({ plan: 'pro', proSource: 'grant', grantedBy: admin.email });
    expect(Date.parse(row?.grantedAt ?? '')).toBeGreaterThanOrEqual(before - 1000);

    expect((await asAdmin('DELETE', `/api/admin/users/${user.userId}/pro`)).statusCode).toBe(200);
    expect(await plan()).toBe(false);
    const log = (await asAdmin('GET', '/api/admin/actions')).json<AdminActions>();
    expect(log.actions.slice(0, 2)).toMatchObject([
      { action: 'remove-pro', targetUserId: user.userId, adminEmail: admin.email },
      { action: 'grant-pro', targetUserId: user.userId, adminEmail: admin.email },
    ]);
    expect(Date.parse(log.actions[0]?.at ?? '')).toBeGreaterThanOrEqual(before - 1000);
    // Removed, not forgotten: the grant keeps who ended it.
    const grants = await app.database.db
      .select()
      .from(proGrants)
      .where(eq(proGrants.userId, user.userId));
    expect(grants).toMatchObject([{ grantedBy: admin.email, removedBy: admin.email }]);
    expect(grants[0]?.removedAt).toBeInstanceOf(Date);
  });

  it('shows the queue with failed jobs and their reasons, and retries one', async () => {
    const queueName = `admin-check-${kind}`;
    await app.queue.define({
      name: queueName,
      retryLimit: 0,
      retryDelaySeconds: 1,
      expireInSeconds: 60,
      deleteAfterSeconds: 3600,
    });
    let runs = 0;
    await app.queue.work(queueName, { concurrency: 1 }, async () => {
      runs += 1;
      throw new Error(`the disk is on fire (run ${runs})`);
    });
    const jobId = await app.queue.send(queueName, { n: 1 });
    const queue = async () => (await asAdmin('GET', '/api/admin/queue')).json<AdminQueue>();
    await eventually(async () => (await queue()).failed.some((job) => job.id === jobId));
    const seen = await queue();
    expect(seen.queues.find((entry) => entry.name === queueName)).toMatchObject({ failed: 1 });
    expect(seen.failed.find((job) => job.id === jobId)).toMatchObject({
      queue: queueName,
      reason: 'the disk is on fire (run 1)',
      attempts: 1,
    });

    const retried = await asAdmin('POST', `/api/admin/queue/${queueName}/jobs/${jobId}/retry`);
    expect(retried.statusCode).toBe(200);
    await eventually(async () =>
      (await queue()).failed.some((job) => job.reason === 'the disk is on fire (run 2)'),
    );
    expect(runs).toBe(2);
    const missing = await asAdmin(
      'POST',
      `/api/admin/queue/${queueName}/jobs/00000000-0000-0000-0000-000000000000/retry`,
    );
    expect(missing.statusCode).toBe(404);
    const log = (await asAdmin('GET', '/api/admin/actions')).json<AdminActions>();
    expect(log.actions[0]).toMatchObject({
      action: 'retry-job',
      targetJobId: `${queueName}/${jobId}`,
    });
  });

  it('shows storage, the workers, and why whisper is not serving with the fix', async () => {
    const system = await asAdmin('GET', '/api/admin/system');
    expect(system.statusCode).toBe(200);
    const body = system.json<AdminSystem>();
    expect(body.storage).toMatchObject({ kind: 'local', audioBytes: 0, transcriptions: 0 });
    expect(body.storage.freeBytes).toBeGreaterThan(0);
    // This app runs no workers and none reports: whisper cannot serve, and the fix says so.
    expect(body.workers).toEqual([]);
    expect(body.whisper).toMatchObject({ available: false, state: 'no-worker' });
    expect(body.whisper.fix).toContain('npm run worker');
  });
});

describe('without ADMIN_EMAILS', () => {
  it('nobody is an admin', async () => {
    const app = await createTestApp('pglite');
    try {
      const user = await signUp(app, { email: uniqueEmail('first') });
      const me = await app.server.inject({
        url: '/api/auth/user',
        headers: { cookie: user.cookie },
      });
      expect(me.json()).toMatchObject({ isAdmin: false });
      const users = await app.server.inject({
        url: '/api/admin/users',
        headers: { cookie: user.cookie },
      });
      expect(users.statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});
