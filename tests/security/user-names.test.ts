import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_NAME_MAX_CHARACTERS } from '../../src/core/user-name.js';
import {
  SAME_ORIGIN,
  signUp as signUpAndSignIn,
  uniqueEmail,
} from '../integration/support/accounts.js';
import { createTestApp, type TestApp } from '../integration/support/test-app.js';

// A name is shown on every page and in every email: a client that skips the form's check must
// not store a megabyte of it.
describe('account names', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp('pglite');
  });
  afterAll(async () => {
    await app?.close();
  });

  function signUp(name: string) {
    return app.server.inject({
      method: 'POST',
      url: '/api/identity/sign-up/email',
      headers: SAME_ORIGIN,
      payload: { email: uniqueEmail(), password: 'correct horse battery', name },
    });
  }

  it('are refused at sign-up past 100 characters or under 2, with the reason', async () => {
    const tooLong = await signUp('x'.repeat(USER_NAME_MAX_CHARACTERS + 1));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ message: 'Name must be at most 100 characters.' });
    const tooShort = await signUp(' A ');
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json()).toMatchObject({ message: 'Name must be at least 2 characters.' });
    expect((await signUp('Ada '.repeat(25).trim())).statusCode).toBe(200);
  });

  it('are refused when changed to something too long, and the name stays', async () => {
    const { cookie } = await signUpAndSignIn(app, { name: 'Grace Hopper' });
    const update = await app.server.inject({
      method: 'POST',
      url: '/api/identity/update-user',
      headers: { ...SAME_ORIGIN, cookie },
      payload: { name: 'y'.repeat(5_000) },
    });
    expect(update.statusCode).toBe(400);
    expect(update.json()).toMatchObject({ message: 'Name must be at most 100 characters.' });
    const session = await app.server.inject({
      url: '/api/identity/get-session',
      headers: { cookie },
    });
    expect(session.json()).toMatchObject({ user: { name: 'Grace Hopper' } });
  });
});
