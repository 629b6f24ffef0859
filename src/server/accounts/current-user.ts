import type { FastifyRequest } from 'fastify';
import type { Auth } from './auth.js';

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  image: string | null;
}

/** The request's headers as better-auth's API takes them (cookies included). */
export function toAuthHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return headers;
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Only plain reads may be served a session from memory. A request that changes something, or
 * opens a live-preview socket, is checked in the database: a sign-out in another process holds
 * for it at once, whether or not that process's notification has arrived here yet.
 */
export function mayUseSessionCache(request: FastifyRequest): boolean {
  return READ_METHODS.has(request.method) && request.headers.upgrade === undefined;
}

const SESSION_COOKIE_NAMES = ['better-auth.session_token', '__Secure-better-auth.session_token'];

/**
 * The values of the request's session cookies (normally none or one). Split by hand: every
 * signed-in request passes here, and a regular expression over the whole header cost 4% of
 * such a request's CPU (docs/benchmarks.md).
 */
export function sessionCookieValues(cookieHeader: string | undefined): string[] {
  if (cookieHeader === undefined || !cookieHeader.includes('session_token=')) return [];
  const values: string[] = [];
  for (const pair of cookieHeader.split(';')) {
    const separator = pair.indexOf('=');
    if (separator === -1) continue;
    if (SESSION_COOKIE_NAMES.includes(pair.slice(0, separator).trim())) {
      values.push(pair.slice(separator + 1).trim());
    }
  }
  return values;
}

/**
 * The signed-in user, or null. Without a session cookie nobody is signed in and nothing is
 * looked up; a session verified in the last minute comes from memory (see session-cache.ts)
 * unless `fromMemory` is false (requests that change something: see `mayUseSessionCache`).
 */
export async function findSessionUser(
  auth: Auth,
  request: FastifyRequest,
  options: { fromMemory: boolean } = { fromMemory: true },
): Promise<SessionUser | null> {
  const cookies = sessionCookieValues(request.headers.cookie);
  if (cookies.length === 0) return null;
  // Only an unambiguous cookie is a cache key: with two, better-auth decides which one counts.
  const token = cookies.length === 1 ? cookies[0] : undefined;
  if (token !== undefined && options.fromMemory) {
    const cached = auth.sessions.get(token);
    if (cached) return cached;
  }
  const generation = auth.sessions.generation();
  const session = await auth.api.getSession({ headers: toAuthHeaders(request) });
  if (!session) return null;
  const { id, name, email, image } = session.user;
  const user = { id, name, email, image: image ?? null };
  if (token !== undefined) {
    auth.sessions.remember(token, user, session.session.expiresAt, generation);
  }
  return user;
}
