import { hostname, networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../integration/support/accounts.js';
import { databaseKinds } from '../integration/support/databases.js';
import { createTestApp, type TestApp } from '../integration/support/test-app.js';

const kinds = await databaseKinds();

/** An address of this machine others on its network open it by (not loopback). */
function networkAddress(): string {
  const address = Object.values(networkInterfaces())
    .flat()
    .find((entry) => entry && !entry.internal && entry.family === 'IPv4');
  if (!address) throw new Error('this machine has no network address to open the server by');
  return address.address;
}

function signUpFrom(app: TestApp, host: string, origin: string) {
  return app.server.inject({
    method: 'POST',
    url: '/api/identity/sign-up/email',
    headers: { host, origin },
    payload: { email: uniqueEmail(), password: 'a good password', name: 'Self Hoster' },
  });
}

describe.each(kinds)('without BASE_URL, on %s', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind, {
      baseUrl: null,
      logger: true,
      env: { HOST: '0.0.0.0', LOG_LEVEL: 'warn', ALLOWED_HOSTS: 'transcripts.lan, Notes.Home' },
    });
  });
  afterAll(() => app?.close());

  it('refuses a DNS-rebinding page: its own name as Host and Origin is not this server', async () => {
    const rebound = await signUpFrom(
      app,
      'rebind.evil.example:3000',
      'http://rebind.evil.example:3000',
    );
    expect(rebound.statusCode).toBe(403);
    expect(rebound.json<{ message: string }>().message).toContain('Cross-site request refused');
  });

  it.each([
    ['127.0.0.1', '127.0.0.1:3000'],
    ['localhost', 'localhost:3000'],
    ['the machine name', `${hostname()}:3000`],
    ['a network address', `${networkAddress()}:3000`],
    ['a name in ALLOWED_HOSTS', 'transcripts.lan:8080'],
    ['another name in ALLOWED_HOSTS, any case', 'notes.home'],
  ])('accepts forms from the page when opened by %s', async (_name, host) => {
    const response = await signUpFrom(app, host, `http://${host}`);
    expect(response.statusCode).toBe(200);
  });

  it('warns at start that BASE_URL is unset on a server others can reach', () => {
    const warning = app
      .logLines()
      .find((line) => line.level === 40 && line.msg.includes('BASE_URL'));
    expect(warning?.msg).toContain('ALLOWED_HOSTS');
  });
});

describe('without BASE_URL on loopback only', () => {
  it('does not warn: nobody else can open it', async () => {
    const app = await createTestApp('pglite', {
      baseUrl: null,
      logger: true,
      env: { HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    });
    try {
      expect(app.logLines().filter((line) => line.msg.includes('BASE_URL'))).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
