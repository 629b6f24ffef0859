import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_FAILURES_PER_ACCOUNT_AND_ADDRESS } from '../../src/server/accounts/sign-in-throttle.js';
import {
  cookieHeader,
  register,
  SAME_ORIGIN,
  signIn,
  signUp,
  uniqueEmail,
} from './support/accounts.js';
import { databaseKinds } from './support/databases.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const kinds = await databaseKinds();

describe.each(kinds)('accounts on %s', (kind) => {
  let app: TestApp;

  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(async () => {
    await app.close();
  });

  it('signs a new user up and reports them signed in', async () => {
    const { cookie, email } = await signUp(app, { name: 'Ada Lovelace' });
    const status = await app.server.inject({ url: '/api/auth/status', headers: { cookie } });
    expect(status.json()).toEqual({ isAuthenticated: true });
    const user = await app.server.inject({ url: '/api/auth/user', headers: { cookie } });
    expect(user.statusCode).toBe(200);
    expect(user.json()).toMatchObject({
      username: 'Ada Lovelace',
      email,
      profileImageUrl: null,
      isPaid: false,
    });
    expect(user.json()).toHaveProperty('id');
  });

  it('reports a visitor without a session as signed out, and 401 for the user', async () => {
    const status = await app.server.inject({ url: '/api/auth/status' });
    expect(status.json()).toEqual({ isAuthenticated: false });
    const user = await app.server.inject({ url: '/api/auth/user' });
    expect(user.statusCode).toBe(401);
    expect(user.json()).toEqual({ message: 'Unauthorized' });
  });

  it('answers sign-up alike for a new and a taken address, starting no session either way', async () => {
    const fresh = await register(app, { name: 'First Owner' });
    const taken = await register(app, { email: fresh.email, password: 'another password' });
    for (const answer of [fresh.response, taken.response]) {
      expect(answer.statusCode).toBe(200);
      expect(cookieHeader(answer)).toBe('');
      expect(answer.json()).toMatchObject({ token: null, user: { email: fresh.email } });
    }
    // Only the first owner's password opens the account.
    expect((await signIn(app, fresh.email, fresh.password)).statusCode).toBe(200);
    expect((await signIn(app, fresh.email, 'another password')).statusCode).toBe(401);
  });

  it('sets an HttpOnly, SameSite=Lax session cookie that is not Secure over http', async () => {
    const { email, password } = await register(app, { name: 'Cookie Check' });
    const response = await signIn(app, email, password);
    const raw = response.headers['set-cookie'];
    const sessionCookie = [raw]
      .flat()
      .find((cookie) => cookie?.startsWith('better-auth.session_token='));
    expect(sessionCookie).toBeDefined();
    expect(sessionCookie).toMatch(/HttpOnly/i);
    expect(sessionCookie).toMatch(/SameSite=Lax/i);
    expect(sessionCookie).not.toMatch(/Secure/i);
  });

  it('signs an existing user in with the right password', async () => {
    const { email, password } = await signUp(app);
    const response = await app.server.inject({
      method: 'POST',
      url: '/api/identity/sign-in/email',
      headers: SAME_ORIGIN,
      payload: { email, password },
    });
    expect(response.statusCode).toBe(200);
    const status = await app.server.inject({
      url: '/api/auth/status',
      headers: { cookie: cookieHeader(response) },
    });
    expect(status.json()).toEqual({ isAuthenticated: true });
  });

  it('refuses a wrong password and an unknown email with the same generic message', async () => {
    const { email } = await signUp(app);
    const wrongPassword = await app.server.inject({
      method: 'POST',
      url: '/api/identity/sign-in/email',
      headers: SAME_ORIGIN,
      payload: { email, password: 'not the password' },
    });
    const unknownEmail = await app.server.inject({
      method: 'POST',
      url: '/api/identity/sign-in/email',
      headers: SAME_ORIGIN,
      payload: { email: uniqueEmail('nobody'), password: 'not the password' },
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json().message).toBe(unknownEmail.json().message);
    expect(wrongPassword.json().message).toMatch(/invalid email or password/i);
    expect(wrongPassword.headers['set-cookie']).toBeUndefined();
  });

  it('refuses passwords shorter than 8 or longer than 128 characters', async () => {
    for (const password of ['short', 'x'.repeat(129)]) {
      const response = await app.server.inject({
        method: 'POST',
        url: '/api/identity/sign-up/email',
        headers: SAME_ORIGIN,
        payload: { email: uniqueEmail(), password, name: 'Bad Password' },
      });
      expect(response.statusCode).toBe(400);
    }
  });

  it('stores password hashes, never the password', async () => {
    const { password, userId } = await signUp(app);
    const rows = await app.database.db.query.account.findMany({
      where: (account, { eq }) => eq(account.userId, userId),
    });
    expect(rows).toHaveLength(1);
    expect(rows[0]?.password).toBeTruthy();
    expect(rows[0]?.password).not.toContain(password);
  });

  it('ends the session on the server at sign-out: the old cookie no longer works', async () => {
    const { cookie } = await signUp(app);
    const logout = await app.server.inject({
      url: '/api/logout',
      headers: { cookie, 'sec-fetch-site': 'same-origin' },
    });
    expect(logout.statusCode).toBe(302);
    expect(logout.headers.location).toBe('/');
    const replay = await app.server.inject({ url: '/api/auth/user', headers: { cookie } });
    expect(replay.statusCode).toBe(401);
    const status = await app.server.inject({ url: '/api/auth/status', headers: { cookie } });
    expect(status.json()).toEqual({ isAuthenticated: false });
  });

  it('signs out only on a navigation from its own pages, or a same-origin POST', async () => {
    const { cookie } = await signUp(app);
    const stillSignedIn = async () =>
      (await app.server.inject({ url: '/api/auth/status', headers: { cookie } })).json<{
        isAuthenticated: boolean;
      }>().isAuthenticated;
    const attempts: Array<Record<string, string>> = [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { referer: 'https://evil.example/page' },
      { origin: 'https://evil.example' },
      {},
    ];
    for (const headers of attempts) {
      const refused = await app.server.inject({
        url: '/api/logout',
        headers: { cookie, ...headers },
      });
      expect(refused.statusCode, JSON.stringify(headers)).toBe(403);
      expect(refused.json<{ message: string }>().message).toMatch(/another site/);
      expect(refused.headers['set-cookie']).toBeUndefined();
      expect(await stillSignedIn()).toBe(true);
    }
    const crossSitePost = await app.server.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(crossSitePost.statusCode).toBe(403);
    expect(await stillSignedIn()).toBe(true);

    // An older browser without Sec-Fetch-Site, following the header's link on this site.
    const fromOwnPage = await app.server.inject({
      url: '/api/logout',
      headers: { cookie, referer: `${SAME_ORIGIN.origin}/account` },
    });
    expect(fromOwnPage.statusCode).toBe(302);
    expect(await stillSignedIn()).toBe(false);

    const second = await signUp(app);
    const post = await app.server.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie: second.cookie, ...SAME_ORIGIN },
    });
    expect(post.statusCode).toBe(303);
    const status = await app.server.inject({
      url: '/api/auth/status',
      headers: { cookie: second.cookie },
    });
    expect(status.json()).toEqual({ isAuthenticated: false });
  });

  it('stops password guessing on one account from one address, never the owner elsewhere', async () => {
    const { email, password } = await signUp(app);
    const signIn = (from: string, attempt: string) =>
      app.server.inject({
        method: 'POST',
        url: '/api/identity/sign-in/email',
        headers: SAME_ORIGIN,
        remoteAddress: from,
        payload: { email, password: attempt },
      });
    for (let guess = 0; guess < FREE_FAILURES_PER_ACCOUNT_AND_ADDRESS; guess += 1) {
      expect((await signIn('203.0.113.7', `guess number ${guess}`)).statusCode).toBe(401);
    }
    const refused = await signIn('203.0.113.7', password);
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ message: string }>().message).toMatch(
      /^Too many failed sign-ins for this account from your network/,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The owner, from their own network, is not locked out; other accounts are untouched.
    expect((await signIn('198.51.100.20', password)).statusCode).toBe(200);
    const other = await signUp(app);
    const otherFromSameAddress = await app.server.inject({
      method: 'POST',
      url: '/api/identity/sign-in/email',
      headers: SAME_ORIGIN,
      remoteAddress: '203.0.113.7',
      payload: { email: other.email, password: other.password },
    });
    expect(otherFromSameAddress.statusCode).toBe(200);
  });

  it('lets someone who tried to sign in before having an account create it and sign in', async () => {
    const email = uniqueEmail();
    const password = 'the password I meant to use';
    const signIn = (attempt: string) =>
      app.server.inject({
        method: 'POST',
        url: '/api/identity/sign-in/email',
        headers: SAME_ORIGIN,
        remoteAddress: '203.0.113.9',
        payload: { email, password: attempt },
      });
    for (let attempt = 0; attempt < FREE_FAILURES_PER_ACCOUNT_AND_ADDRESS; attempt += 1) {
      expect((await signIn(`try number ${attempt}`)).statusCode).toBe(401);
    }
    const created = await app.server.inject({
      method: 'POST',
      url: '/api/identity/sign-up/email',
      headers: SAME_ORIGIN,
      remoteAddress: '203.0.113.9',
      payload: { email, password, name: 'Late Starter' },
    });
    expect(created.statusCode).toBe(200);
    expect((await signIn(password)).statusCode).toBe(200);
  });

  it('refuses a cross-site POST', async () => {
    const response = await app.server.inject({
      method: 'POST',
      url: '/api/identity/sign-up/email',
      headers: { origin: 'https://evil.example' },
      payload: { email: uniqueEmail(), password: 'a good password', name: 'Evil' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      message:
        'Cross-site request refused: this server expects requests from http://localhost:3000. If that is not the address you opened, ask the operator to set BASE_URL (or ALLOWED_HOSTS) to it.',
    });
  });

  it('serves the sign-in page at /sign-in, and /api/login leads there keeping its query', async () => {
    const response = await app.server.inject({ url: '/api/login?returnTo=/upgrade&mode=sign-up' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/sign-in?returnTo=/upgrade&mode=sign-up');
    const page = await app.server.inject({ url: '/sign-in?returnTo=/upgrade' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
  });
});

describe('sign-in rate limit', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp('pglite', {
      signInAttemptsPerMinute: 3,
      env: { TRUST_PROXY: 'true' },
    });
  });
  afterAll(async () => {
    await app.close();
  });

  it('limits sign-in attempts per real client address', async () => {
    const attempt = (ip: string) =>
      app.server.inject({
        method: 'POST',
        url: '/api/identity/sign-in/email',
        headers: { ...SAME_ORIGIN, 'x-forwarded-for': ip },
        payload: { email: 'someone@example.com', password: 'wrong password' },
      });
    const first = [
      await attempt('203.0.113.7'),
      await attempt('203.0.113.7'),
      await attempt('203.0.113.7'),
    ];
    expect(first.map((response) => response.statusCode)).toEqual([401, 401, 401]);
    expect((await attempt('203.0.113.7')).statusCode).toBe(429);
    // Another client is not punished for the first one's attempts.
    expect((await attempt('198.51.100.20')).statusCode).toBe(401);
  });
});

describe('behind https', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp('pglite', {
      env: {
        RUN_WORKERS: 'false',
        BASE_URL: 'https://transcripts.example.org',
        TRUST_PROXY: 'true',
      },
    });
  });
  afterAll(async () => {
    await app.close();
  });

  it('marks the session cookie Secure with the __Secure- prefix', async () => {
    const headers = { origin: 'https://transcripts.example.org', 'x-forwarded-proto': 'https' };
    const email = uniqueEmail();
    const signedUp = await app.server.inject({
      method: 'POST',
      url: '/api/identity/sign-up/email',
      headers,
      payload: { email, password: 'a good password', name: 'Secure Cookie' },
    });
    expect(signedUp.statusCode).toBe(200);
    const response = await app.server.inject({
      method: 'POST',
      url: '/api/identity/sign-in/email',
      headers,
      payload: { email, password: 'a good password' },
    });
    expect(response.statusCode).toBe(200);
    const session = [response.headers['set-cookie']]
      .flat()
      .find((cookie) => cookie?.startsWith('__Secure-better-auth.session_token='));
    expect(session).toMatch(/; Secure/i);
    expect(session).toMatch(/HttpOnly/i);
  });
});
