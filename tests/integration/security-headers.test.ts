import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from './support/accounts.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const CSP_DIRECTIVES = [
  "default-src 'self'",
  "script-src 'self' https://js.stripe.com",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https:",
  "media-src 'self' blob:",
  "connect-src 'self' https://api.stripe.com",
  'frame-src https://js.stripe.com https://hooks.stripe.com',
  "worker-src 'self' blob:",
  "base-uri 'self'",
  "font-src 'self' https: data:",
  "form-action 'self'",
  "frame-ancestors 'self'",
  "object-src 'none'",
  "script-src-attr 'none'",
];

/** A policy's directives, in any order. */
function directivesOf(policy: unknown): string[] {
  return String(policy).split(';').sort();
}

/** What every answer carries, whatever the route: a page, the API, an error. */
const EVERY_RESPONSE = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

describe('security headers', () => {
  let plain: TestApp;
  let secure: TestApp;
  beforeAll(async () => {
    [plain, secure] = await Promise.all([
      createTestApp('pglite'),
      createTestApp('pglite', { baseUrl: 'https://transcribe.example.org' }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([plain?.close(), secure?.close()]);
  });

  it('on pages, API answers and errors alike; no HSTS over plain HTTP', async () => {
    for (const url of ['/', '/api/auth/status', '/api/transcriptions', '/api/no-such-route']) {
      const response = await plain.server.inject({ url });
      expect(response.headers, url).toMatchObject(EVERY_RESPONSE);
      expect(directivesOf(response.headers['content-security-policy']), url).toEqual(
        [...CSP_DIRECTIVES].sort(),
      );
      expect(response.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('behind an https address: HSTS, and insecure requests upgraded', async () => {
    for (const url of ['/', '/api/auth/status']) {
      const response = await secure.server.inject({ url });
      expect(response.headers['strict-transport-security'], url).toBe(
        'max-age=31536000; includeSubDomains',
      );
      expect(directivesOf(response.headers['content-security-policy']), url).toEqual(
        [...CSP_DIRECTIVES, 'upgrade-insecure-requests'].sort(),
      );
    }
  });
  it('on the resumable upload protocol too, which answers on the raw response', async () => {
    const { cookie } = await signUp(plain);
    const tus = { cookie, 'tus-resumable': '1.0.0' };
    const created = await plain.server.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...tus, 'upload-length': '1000', 'upload-metadata': 'filename dGFsay53YXY=' },
    });
    expect(created.statusCode).toBe(201);
    const location = String(created.headers.location);
    const offset = await plain.server.inject({
      method: 'HEAD',
      url: location.startsWith('/') ? location : `/api/uploads/${location}`,
      headers: tus,
    });
    expect(offset.statusCode).toBe(200);
    for (const response of [created, offset]) {
      expect(response.headers).toMatchObject(EVERY_RESPONSE);
      expect(directivesOf(response.headers['content-security-policy'])).toEqual(
        [...CSP_DIRECTIVES].sort(),
      );
    }
  });
});
