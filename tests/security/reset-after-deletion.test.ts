import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELETED_ACCOUNT_SIGN_IN_MESSAGE } from '../../src/server/accounts/deleted-account-guard.js';
import { markEmailVerified } from '../../src/server/accounts/mark-email-verified.js';
import { account, user, verification } from '../../src/server/db/schema.js';
import { linkIn, startSmtpInbox, type SmtpInbox } from '../fixtures/mail/smtp-inbox.js';
import { SAME_ORIGIN, cookieHeader, register, signIn } from '../integration/support/accounts.js';
import { databaseKinds } from '../integration/support/databases.js';
import { createTestApp, TEST_BASE_URL, type TestApp } from '../integration/support/test-app.js';

const kinds = await databaseKinds();

describe.each(kinds)('a password-reset link after the account is deleted, on %s', (kind) => {
  let inbox: SmtpInbox;
  let app: TestApp;
  beforeAll(async () => {
    inbox = await startSmtpInbox();
    app = await createTestApp(kind, {
      env: { SMTP_URL: inbox.url, MAIL_FROM: 'Sonoscript <noreply@sonoscript.test>' },
    });
  });
  afterAll(async () => {
    await app.close();
    await inbox.close();
  });

  function deleteAccount(signedIn: Parameters<typeof cookieHeader>[0]) {
    return app.server.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: { ...SAME_ORIGIN, cookie: cookieHeader(signedIn) },
      payload: { confirm: true, password: 'correct horse battery' },
    });
  }

  function resetPassword(token: string | null) {
    return app.server.inject({
      method: 'POST',
      url: '/api/identity/reset-password',
      headers: SAME_ORIGIN,
      payload: { token, newPassword: 'a brand new passphrase' },
    });
  }

  /** The deleted account has no password login again, and its address is not marked verified. */
  async function expectNoSignInCameBack(userId: string) {
    expect(await app.database.db.select().from(account).where(eq(account.userId, userId))).toEqual(
      [],
    );
    const [left] = await app.database.db
      .select({ emailVerified: user.emailVerified })
      .from(user)
      .where(eq(user.id, userId));
    expect(left).toEqual({ emailVerified: false });
  }

  it('is refused, and neither a sign-in method nor a verified address comes back', async () => {
    const { email, password, response } = await register(app);
    const userId = response.json<{ user: { id: string } }>().user.id;
    await markEmailVerified(app.database.db, userId);
    const signedIn = await signIn(app, email, password);
    expect(signedIn.statusCode).toBe(200);

    const requested = await app.server.inject({
      method: 'POST',
      url: '/api/identity/request-password-reset',
      headers: SAME_ORIGIN,
      payload: { email },
    });
    expect(requested.statusCode).toBe(200);
    const mail = await inbox.waitFor(email, (message) => message.subject.includes('Reset'));
    const token = new URL(linkIn(mail, `${TEST_BASE_URL}/reset-password?token=`)).searchParams.get(
      'token',
    );
    expect(token).toBeTruthy();

    expect((await deleteAccount(signedIn)).statusCode).toBe(200);
    // Whatever better-auth keeps for the user (reset tokens name the user) went with it.
    expect(
      await app.database.db.select().from(verification).where(eq(verification.value, userId)),
    ).toEqual([]);

    const reset = await resetPassword(token);
    expect(reset.statusCode).toBe(400);
    expect(reset.json()).toMatchObject({ code: 'INVALID_TOKEN' });
    await expectNoSignInCameBack(userId);
  });

  it('issued while the deletion ran, is refused too: a deleted account gets no new password', async () => {
    const { email, password, response } = await register(app);
    const userId = response.json<{ user: { id: string } }>().user.id;
    await markEmailVerified(app.database.db, userId);
    const signedIn = await signIn(app, email, password);
    expect((await deleteAccount(signedIn)).statusCode).toBe(200);
    // A reset request that found the user just before the deletion stores its token just after.
    const token = 'raced-reset-token-0123456789';
    await app.database.db.insert(verification).values({
      id: randomUUID(),
      identifier: `reset-password:${token}`,
      value: userId,
      expiresAt: new Date(Date.now() + 60 * 60 * 1000),
    });

    const reset = await resetPassword(token);
    expect(reset.statusCode).toBe(400);
    expect(reset.json<{ message: string }>().message).toBe(DELETED_ACCOUNT_SIGN_IN_MESSAGE);
    await expectNoSignInCameBack(userId);
  });
});
