import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.js';

/** The discovery document of an OpenID Connect provider, served locally. */
function startFakeIssuer(): Promise<{ server: Server; issuer: string }> {
  return new Promise((resolve) => {
    const server = createServer((request, response) => {
      const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      if (request.url === '/.well-known/openid-configuration') {
        response.setHeader('content-type', 'application/json');
        response.end(
          JSON.stringify({
            issuer,
            authorization_endpoint: `${issuer}/authorize`,
            token_endpoint: `${issuer}/token`,
            userinfo_endpoint: `${issuer}/userinfo`,
            jwks_uri: `${issuer}/jwks`,
            response_types_supported: ['code'],
            subject_types_supported: ['public'],
            id_token_signing_alg_values_supported: ['RS256'],
          }),
        );
        return;
      }
      response.statusCode = 404;
      response.end();
    });
    server.listen(0, '127.0.0.1', () => {
      resolve({ server, issuer: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
    });
  });
}

describe('single sign-on with OpenID Connect', () => {
  let app: TestApp;
  let issuer: string;
  let fake: Server;

  beforeAll(async () => {
    ({ server: fake, issuer } = await startFakeIssuer());
    app = await createTestApp('pglite', {
      env: {
        OIDC_ISSUER: issuer,
        OIDC_CLIENT_ID: 'sonoscript-test',
        OIDC_CLIENT_SECRET: 'client-secret',
      },
    });
  });
  afterAll(async () => {
    await app.close();
    await new Promise((resolve) => fake.close(resolve));
  });

  it('sends /api/login straight to the provider with PKCE, keeping a same-origin returnTo', async () => {
    const response = await app.server.inject({ url: '/api/login?returnTo=/upgrade' });
    expect(response.statusCode).toBe(302);
    const location = new URL(String(response.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe(`${issuer}/authorize`);
    expect(location.searchParams.get('client_id')).toBe('sonoscript-test');
    expect(location.searchParams.get('response_type')).toBe('code');
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(location.searchParams.get('scope')?.split(' ')).toEqual(
      expect.arrayContaining(['openid', 'email', 'profile']),
    );
    expect(location.searchParams.get('redirect_uri')).toBe(
      'http://localhost:3000/api/identity/callback/oidc',
    );
    expect(location.searchParams.get('state')).toBeTruthy();
    // The state the provider will send back is bound to this browser by a cookie.
    expect(response.headers['set-cookie']).toBeDefined();
  });

  it('refuses a second OIDC setting without the others at start-up', async () => {
    await expect(createTestApp('pglite', { env: { OIDC_ISSUER: issuer } })).rejects.toThrow(
      'OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET: set all three or none',
    );
  });
});
