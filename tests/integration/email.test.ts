import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_NOT_VERIFIED_MESSAGE } from '../../src/server/accounts/auth.js';
import { EMAIL_OFF_MESSAGE } from '../../src/server/mail/disabled-mailer.js';
import { linkIn, startSmtpInbox, type SmtpInbox } from '../fixtures/mail/smtp-inbox.js';
import {
  SAME_ORIGIN,
  cookieHeader,
  register,
  signIn,
  signUp,
  signUpConfirmed,
  uniqueEmail,
} from './support/accounts.js';
import { databaseKinds } from './support/databases.js';
import { createTestApp, TEST_BASE_URL, type TestApp } from './support/test-app.js';

const kinds = await databaseKinds();
const CONTACT = {
  name: 'Grace Hopper',
  email: 'grace@example.net',
  subject: 'Team plans',
  message: 'Do you offer a plan for a newsroom of twelve?',
};

/** Follows an emailed link into the app the way a browser would, path and query only. */
function open(app: TestApp, link: string) {
  const url = new URL(link);
  expect(url.origin).toBe(TEST_BASE_URL);
  return app.server.inject({ url: `${url.pathname}${url.search}` });
}

describe.each(kinds)('email with an SMTP server on %s', (kind) => {
  let inbox: SmtpInbox;
  let app: TestApp;
  beforeAll(async () => {
    inbox = await startSmtpInbox();
    app = await createTestApp(kind, {
      env: {
        SMTP_URL: inbox.url,
        MAIL_FROM: 'Sonoscript <noreply@sonoscript.test>',
        CONTACT_INBOX: 'inbox@sonoscript.test',
      },
    });
  });
  afterAll(async () => {
    await app.close();
    await inbox.close();
  });

  it('forwards a contact message to CONTACT_INBOX with the sender as Reply-To, and stores it', async () => {
    const response = await app.server.inject({
      method: 'POST',
      url: '/api/contact',
      headers: SAME_ORIGIN,
      payload: CONTACT,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ ok: true, forwarded: true });
    const mail = await inbox.waitFor('inbox@sonoscript.test');
    expect(mail.from).toBe('noreply@sonoscript.test');
    expect(mail.replyTo).toBe('Grace Hopper <grace@example.net>');
    expect(mail.subject).toBe('[Sonoscript contact] Team plans');
    expect(mail.text).toContain('Do you offer a plan for a newsroom of twelve?');
    const stored = await app.database.db.query.contactMessages.findMany();
    expect(stored).toEqual([expect.objectContaining(CONTACT)]);
  });

  it('resets a password with a one-time link from the email', async () => {
    const account = await register(app);
    const request = await app.server.inject({
      method: 'POST',
      url: '/api/identity/request-password-reset',
      headers: SAME_ORIGIN,
      payload: { email: account.email },
    });
    expect(request.statusCode).toBe(200);
    const mail = await inbox.waitFor(account.email, (m) => m.subject.includes('Reset'));
    const link = linkIn(mail, `${TEST_BASE_URL}/reset-password?token=`);
    expect((await open(app, link)).statusCode).toBe(200); // the reset page
    const token = new URL(link).searchParams.get('token');

    const reset = () =>
      app.server.inject({
        method: 'POST',
        url: '/api/identity/reset-password',
        headers: SAME_ORIGIN,
        payload: { token, newPassword: 'a brand new passphrase' },
      });
    expect((await reset()).statusCode).toBe(200);
    expect((await reset()).json()).toMatchObject({ code: 'INVALID_TOKEN' });
    expect((await signIn(app, account.email, account.password)).statusCode).toBe(401);
    // Following the emailed link proved the address, so no verification is asked for.
    expect((await signIn(app, account.email, 'a brand new passphrase')).statusCode).toBe(200);
  });

  it('answers a reset request for an unknown address the same way, sending nothing', async () => {
    const email = uniqueEmail('nobody');
    const response = await app.server.inject({
      method: 'POST',
      url: '/api/identity/request-password-reset',
      headers: SAME_ORIGIN,
      payload: { email },
    });
    expect(response.statusCode).toBe(200);
    // A later message to a real account arrives; none ever went to the unknown address.
    const account = await register(app);
    await inbox.waitFor(account.email);
    expect(inbox.messages.filter((mail) => mail.to.includes(email))).toEqual([]);
  });

  it('sign-up answers alike for a new and a taken address; the emails say which, and the link signs in', async () => {
    const fresh = await register(app, { name: 'Owner' });
    const taken = await register(app, {
      email: fresh.email,
      password: 'someone else entirely',
      name: 'Intruder',
    });
    for (const answer of [fresh.response, taken.response]) {
      expect(answer.statusCode).toBe(200);
      expect(cookieHeader(answer)).not.toContain('session_token');
    }
    const shape = (answer: typeof fresh.response) => {
      const body = answer.json<{ token: unknown; user: Record<string, unknown> }>();
      return { token: body.token, user: Object.keys(body.user).sort() };
    };
    expect(shape(taken.response)).toEqual(shape(fresh.response));

    const welcome = await inbox.waitFor(fresh.email, (m) => m.subject.startsWith('Confirm'));
    expect(welcome.text).toContain('/api/identity/verify-email?token=');
    const notice = await inbox.waitFor(fresh.email, (m) => m.subject.includes('sign up'));
    expect(notice.text).toContain(`${TEST_BASE_URL}/forgot-password`);

    // No password sign-in before the address is confirmed; asking sends a new link.
    const refused = await signIn(app, fresh.email, fresh.password);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'EMAIL_NOT_VERIFIED',
      message: EMAIL_NOT_VERIFIED_MESSAGE,
    });
    expect(cookieHeader(refused)).not.toContain('session_token');
    const resent = await inbox.waitFor(
      fresh.email,
      (m) => m.subject.startsWith('Confirm') && m !== welcome,
    );

    const verified = await open(app, linkIn(resent, `${TEST_BASE_URL}/api/identity/verify-email`));
    expect(verified.statusCode).toBe(302);
    expect(verified.headers.location).toBe('/');
    expect(cookieHeader(verified)).toContain('session_token');
    expect((await signIn(app, fresh.email, fresh.password)).statusCode).toBe(200);
    expect((await signIn(app, fresh.email, 'someone else entirely')).statusCode).toBe(401);
  });

  it('changes the email only once the link sent to the new address is followed', async () => {
    const account = await signUpConfirmed(app, inbox);
    const newEmail = uniqueEmail('moved');
    const asked = await app.server.inject({
      method: 'POST',
      url: '/api/account/email',
      headers: { ...SAME_ORIGIN, cookie: account.cookie },
      payload: { newEmail, currentPassword: account.password },
    });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ outcome: 'confirmation-sent', email: account.email });
    const me = () =>
      app.server.inject({ url: '/api/auth/user', headers: { cookie: account.cookie } });
    expect((await me()).json()).toMatchObject({ email: account.email });

    const mail = await inbox.waitFor(newEmail, (m) => m.subject.startsWith('Confirm'));
    const followed = await open(app, linkIn(mail, `${TEST_BASE_URL}/api/identity/verify-email`));
    expect(followed.statusCode).toBe(302);
    expect((await signIn(app, newEmail, account.password)).statusCode).toBe(200);
    expect((await signIn(app, account.email, account.password)).statusCode).toBe(401);
  });
});

describe('without SMTP', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp('pglite', { logger: true, env: { LOG_LEVEL: 'info' } });
  });
  afterAll(async () => {
    await app.close();
  });

  it('runs, says once that email is off, and still stores contact messages', async () => {
    expect(app.logLines().filter((line) => line.msg === EMAIL_OFF_MESSAGE)).toHaveLength(1);
    const response = await app.server.inject({
      method: 'POST',
      url: '/api/contact',
      headers: SAME_ORIGIN,
      payload: CONTACT,
    });
    expect(response.statusCode).toBe(201);
    expect(await app.database.db.query.contactMessages.findMany()).toHaveLength(1);
  });

  it('signs in again without verification, and refuses a reset request clearly', async () => {
    const account = await signUp(app);
    expect((await signIn(app, account.email, account.password)).statusCode).toBe(200);
    const reset = await app.server.inject({
      method: 'POST',
      url: '/api/identity/request-password-reset',
      headers: SAME_ORIGIN,
      payload: { email: account.email },
    });
    expect(reset.statusCode).toBe(400);
    expect(reset.json()).toMatchObject({ code: 'RESET_PASSWORD_DISABLED' });
  });
});
