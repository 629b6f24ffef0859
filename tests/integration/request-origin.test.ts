import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, uniqueEmail } from './support/accounts.js';
import { databaseKinds } from './support/databases.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const kinds = await databaseKinds();
/** The address others on the network open this machine by. */
const lanAddress =
  Object.values(networkInterfaces())
    .flat()
    .find((entry) => entry && !entry.internal && entry.family === 'IPv4')?.address ?? '127.0.0.2';

function signUpFrom(app: TestApp, host: string, origin: string, email = uniqueEmail()) {
  return app.server.inject({
    method: 'POST',
    url: '/api/identity/sign-up/email',
    headers: { host, origin },
    payload: { email, password: 'a good password', name: 'Self Hoster' },
  });
}

function signInFrom(app: TestApp, host: string, origin: string, email: string) {
  return app.server.inject({
    method: 'POST',
    url: '/api/identity/sign-in/email',
    headers: { host, origin },
    payload: { email, password: 'a good password' },
  });
}

describe.each(kinds)('same-origin checks on %s', (kind) => {
  describe('without BASE_URL', () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await createTestApp(kind, { baseUrl: null });
    });
    afterAll(async () => {
      await app.close();
    });

    it.each([
      ['127.0.0.1:3000', 'http://127.0.0.1:3000'],
      ['localhost:3000', 'http://localhost:3000'],
      [`${lanAddress}:3000`, `http://${lanAddress}:3000`],
    ])(
      'signs up, stays signed in and sends the contact form when opened at %s',
      async (host, origin) => {
        const email = uniqueEmail();
        expect((await signUpFrom(app, host, origin, email)).statusCode).toBe(200);
        const signIn = await signInFrom(app, host, origin, email);
        expect(signIn.statusCode).toBe(200);
        const cookie = cookieHeader(signIn);
        const status = await app.server.inject({
          url: '/api/auth/status',
          headers: { host, cookie },
        });
        expect(status.json()).toEqual({ isAuthenticated: true });
        const contact = await app.server.inject({
          method: 'POST',
          url: '/api/contact',
          headers: { host, origin },
          payload: {
            name: 'Ada',
            email: 'ada@example.com',
            subject: 'Opened by IP',
            message: 'Hello from the machine next door, this works.',
          },
        });
        expect(contact.statusCode).toBe(201);
      },
    );

    it('still refuses a page on another site, naming the origin it expects', async () => {
      const response = await signUpFrom(app, '127.0.0.1:3000', 'https://evil.example');
      expect(response.statusCode).toBe(403);
      expect(response.json<{ message: string }>().message).toContain(
        'this server expects requests from http://127.0.0.1:3000',
      );
    });
  });

  describe('with BASE_URL set', () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await createTestApp(kind, { baseUrl: 'https://transcripts.example.org' });
    });
    afterAll(async () => {
      await app.close();
    });

    it('accepts its own origin and refuses every other, whatever Host says', async () => {
      const own = await signUpFrom(
        app,
        'transcripts.example.org',
        'https://transcripts.example.org',
      );
      expect(own.statusCode).toBe(200);
      const spoofed = await signUpFrom(app, '127.0.0.1:3000', 'http://127.0.0.1:3000');
      expect(spoofed.statusCode).toBe(403);
      expect(spoofed.json<{ message: string }>().message).toContain(
        'this server expects requests from https://transcripts.example.org',
      );
    });
  });
});
