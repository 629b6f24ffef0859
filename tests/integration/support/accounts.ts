import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './test-app.js';
import { linkIn, type SmtpInbox } from '../../fixtures/mail/smtp-inbox.js';
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

/** Sign-up alone: answers alike for a new and a taken address, and starts no session. */
export async function register(
  app: TestApp,
  input: { email?: string; password?: string; name?: string } = {},
): Promise<{ email: string; password: string; response: LightMyRequestResponse }> {
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
  return { email, password, response };
}

export function signIn(app: TestApp, email: string, password: string) {
  return app.server.inject({
    method: 'POST',
    url: '/api/identity/sign-in/email',
    headers: SAME_ORIGIN,
    payload: { email, password },
  });
}

/** A new account signed in, as the sign-up form leaves it on a server without email. */
export async function signUp(
  app: TestApp,
  input: { email?: string; password?: string; name?: string } = {},
): Promise<{ cookie: string; email: string; password: string; userId: string }> {
  const { email, password } = await register(app, input);
  const response = await signIn(app, email, password);
  if (response.statusCode !== 200) {
    throw new Error(`sign-in after sign-up failed: ${response.statusCode} ${response.body}`);
  }
  const body = response.json<{ user: { id: string } }>();
  return { cookie: cookieHeader(response), email, password, userId: body.user.id };
}

/** A new account on a server with email: signed up, then signed in by the emailed confirmation link. */
export async function signUpConfirmed(
  app: TestApp,
  inbox: SmtpInbox,
  input: { email?: string; password?: string; name?: string } = {},
): Promise<{ cookie: string; email: string; password: string; userId: string }> {
  const { email, password } = await register(app, input);
  const mail = await inbox.waitFor(email, (m) => m.subject.startsWith('Confirm'));
  const link = new URL(linkIn(mail, `${TEST_BASE_URL}/api/identity/verify-email`));
  const confirmed = await app.server.inject({ url: `${link.pathname}${link.search}` });
  if (confirmed.statusCode !== 302) {
    throw new Error(`confirmation failed: ${confirmed.statusCode} ${confirmed.body}`);
  }
  const cookie = cookieHeader(confirmed);
  const user = await app.server.inject({ url: '/api/auth/user', headers: { cookie } });
  return { cookie, email, password, userId: user.json<{ id: string }>().id };
}
