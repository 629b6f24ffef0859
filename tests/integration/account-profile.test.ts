import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { verifyPassword } from 'better-auth/crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESET_NEEDS_OPERATOR } from '../../src/core/password-reset.js';
import { openDatabase } from '../../src/server/db/database.js';
import { EMAIL_TAKEN, WRONG_CURRENT_PASSWORD } from '../../src/server/accounts/change-email.js';
import { SAME_ORIGIN, cookieHeader, register, signIn, signUp } from './support/accounts.js';
import { databaseKinds } from './support/databases.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const kinds = await databaseKinds();

/** `npm run reset-password -- EMAIL` as the operator runs it, against the app's database. */
function resetPassword(app: TestApp, email: string) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'src/server/reset-password.ts', email],
    {
      env: {
        // The operator's shell, not the test runner's settings.
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        DATA_DIR: app.dataDir,
        LOG_LEVEL: 'silent',
        ...(app.config.database.kind === 'postgres'
          ? { DATABASE_URL: app.config.database.url }
          : {}),
      },
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, stdout, stderr })),
  );
}

describe.each(kinds)('profile changes on a server without email, on %s', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind, { logger: true, env: { LOG_LEVEL: 'info' } });
  });
  afterAll(async () => {
    await app.close();
  });

  const post = (url: string, cookie: string, payload: object) =>
    app.server.inject({ method: 'POST', url, headers: { ...SAME_ORIGIN, cookie }, payload });

  it('says up front that a reset link cannot be sent and names the command, logging no error', async () => {
    const { email } = await register(app);
    const response = await app.server.inject({
      method: 'POST',
      url: '/api/identity/request-password-reset',
      headers: SAME_ORIGIN,
      payload: { email, redirectTo: '/reset-password' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'RESET_PASSWORD_DISABLED',
      message: RESET_NEEDS_OPERATOR,
    });
    expect(RESET_NEEDS_OPERATOR).toContain('npm run reset-password -- EMAIL');
    expect(app.logLines().filter((line) => line.level >= 50)).toEqual([]);
    const site = await app.server.inject({ url: '/api/site' });
    expect(site.json()).toMatchObject({ accountEmails: false });
    // Requests are logged at debug only: at the default level the log keeps to what matters.
    const requestLines = app.logLines().filter((line) => 'req' in line || 'res' in line);
    expect(requestLines).toEqual([]);
  });

  it('changes the email at once when the current password proves it, and refuses a wrong one', async () => {
    const account = await signUp(app);
    const newEmail = `moved-${Date.now()}@example.com`;
    const wrong = await post('/api/account/email', account.cookie, {
      newEmail,
      currentPassword: 'not my password',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: WRONG_CURRENT_PASSWORD });
    expect((await signIn(app, newEmail, account.password)).statusCode).toBe(401);

    const changed = await post('/api/account/email', account.cookie, {
      newEmail,
      currentPassword: account.password,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ outcome: 'changed', email: newEmail });
    const me = await app.server.inject({
      url: '/api/auth/user',
      headers: { cookie: account.cookie },
    });
    expect(me.json()).toMatchObject({ email: newEmail });
    expect((await signIn(app, newEmail, account.password)).statusCode).toBe(200);
    expect((await signIn(app, account.email, account.password)).statusCode).toBe(401);
  });

  it('refuses an address another account uses, and a malformed one, changing nothing', async () => {
    const first = await signUp(app);
    const second = await signUp(app);
    const taken = await post('/api/account/email', second.cookie, {
      newEmail: first.email,
      currentPassword: second.password,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: EMAIL_TAKEN });
    const malformed = await post('/api/account/email', second.cookie, {
      newEmail: 'not an address',
      currentPassword: second.password,
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ message: 'Please enter a valid email address.' });
    const me = await app.server.inject({
      url: '/api/auth/user',
      headers: { cookie: second.cookie },
    });
    expect(me.json()).toMatchObject({ email: second.email });
  });

  it('changes the password with the current one and signs other devices out', async () => {
    const account = await signUp(app);
    const otherDevice = cookieHeader(await signIn(app, account.email, account.password));
    const wrong = await post('/api/identity/change-password', account.cookie, {
      currentPassword: 'not my password',
      newPassword: 'a brand new password',
    });
    expect(wrong.statusCode).toBe(400);
    const changed = await post('/api/identity/change-password', account.cookie, {
      currentPassword: account.password,
      newPassword: 'a brand new password',
      revokeOtherSessions: true,
    });
    expect(changed.statusCode).toBe(200);
    expect((await signIn(app, account.email, account.password)).statusCode).toBe(401);
    expect((await signIn(app, account.email, 'a brand new password')).statusCode).toBe(200);
    const other = await app.server.inject({
      url: '/api/auth/user',
      headers: { cookie: otherDevice },
    });
    expect(other.statusCode).toBe(401);
  });

  it('changes the name, and refuses a name of one character', async () => {
    const account = await signUp(app);
    const renamed = await post('/api/identity/update-user', account.cookie, {
      name: 'Grace Hopper',
    });
    expect(renamed.statusCode).toBe(200);
    const me = await app.server.inject({
      url: '/api/auth/user',
      headers: { cookie: account.cookie },
    });
    expect(me.json()).toMatchObject({ username: 'Grace Hopper' });
    const tooShort = await post('/api/identity/update-user', account.cookie, { name: 'G' });
    expect(tooShort.statusCode).toBe(400);
  });

  it('npm run reset-password gives the account a new password and ends its sessions', async () => {
    const account = await signUp(app);
    if (kind === 'pglite') {
      // The embedded database serves one process: the command says to stop the server first.
      const refused = await resetPassword(app, account.email);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('stop the server');
      return;
    }
    const unknown = await resetPassword(app, 'nobody@example.com');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No account uses nobody@example.com');

    const result = await resetPassword(app, account.email);
    expect(result.code).toBe(0);
    const password = /New password for .+: (\S+)/.exec(result.stdout)?.[1];
    expect(password).toMatch(/^[a-z2-9]{5}(-[a-z2-9]{5}){3}$/);
    expect((await signIn(app, account.email, account.password)).statusCode).toBe(401);
    expect((await signIn(app, account.email, password!)).statusCode).toBe(200);
    // The old session was deleted; this process hears it through the revocation channel.
    await expect
      .poll(
        async () =>
          (await app.server.inject({ url: '/api/auth/user', headers: { cookie: account.cookie } }))
            .statusCode,
        { timeout: 10_000 },
      )
      .toBe(401);
  });
});

describe('npm run reset-password on a stopped embedded server', () => {
  it('sets the password in the PGlite directory the server will open next', async () => {
    const app = await createTestApp('pglite');
    const dataDir = app.dataDir;
    const account = await signUp(app);
    await app.server.close();
    await app.database.close();
    try {
      const result = await resetPassword(app, account.email);
      expect(result.code).toBe(0);
      const password = /New password for .+: (\S+)/.exec(result.stdout)?.[1];
      const reopened = await openDatabase({ kind: 'pglite', directory: path.join(dataDir, 'db') });
      try {
        const rows = await reopened.db.query.account.findMany();
        const credential = rows.find((row) => row.providerId === 'credential' && row.password);
        expect(await verifyPassword({ hash: credential!.password!, password: password! })).toBe(
          true,
        );
      } finally {
        await reopened.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
