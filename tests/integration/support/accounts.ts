import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './test-app.js';
import { TEST_BASE_URL } from './test-app.js';

export const SAME_ORIGIN = { origin: new URL(TEST_BASE_URL).origin };

/** The `name=value` pairs of a response's Set-Cookie headers, ready for a Cookie header. */
export function cookieHeader(response: LightMyRequestResponse): string {
  const raw = response.headers['set-cookie'];
  const cookies = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  return cookies.map((cookie) => cookie.split(';')[0]).join('; ');
}

let counter = 0;

export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${Date.now()}-${counter}@example.com`;
}

export async function signUp(
  app: TestApp,
  input: { email?: string; password?: string; name?: string } = {},
): Promise<{ cookie: string; email: string; password: string; userId: string }> {
  const email = input.email ?? uniqueEmail();
  const password = input.password ?? 'correct horse battery';
  const response = await app.server.inject({
    method: 'POST',
    url: '/api/identity/sign-up/email',
    headers: SAME_ORIGIN,
    payload: { email, password, name: input.name ?? 'Test User' },
  });
  if (response.statusCode !== 200) {
    throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  }
  const body = response.json<{ user: { id: string } }>();
  return { cookie: cookieHeader(response), email, password, userId: body.user.id };
}
