import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/database.js';
import { AppError } from '../errors/app-error.js';
import { bearerKey } from '../http/bearer-key.js';
import { useApiKey } from './api-keys.js';
import type { Auth } from './auth.js';
import { ACCOUNT_DISABLED_MESSAGE } from './disabled-account-guard.js';
import { findSessionUser, mayUseSessionCache, type SessionUser } from './current-user.js';

/**
 * Who may call a route: `session` only with the sign-in cookie (the web app), `session-or-key`
 * also with `Authorization: Bearer <API key>`, `optional-session` anyone, with `request.user`
 * set when the sign-in cookie names a live session (a page that differs for the signed in).
 */
export type RouteAuth = 'session' | 'session-or-key' | 'optional-session';

export interface AuthenticatedUser {
  id: string;
  via: 'session' | 'key';
  /** The API key the request came with, when `via` is `key`. */
  keyId?: string;
  /** The signed-in user's name, email and picture, when `via` is `session`. */
  session?: SessionUser;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: RouteAuth;
  }
  interface FastifyRequest {
    /** Set before the handler on every route that declares `config.auth`; null elsewhere. */
    user: AuthenticatedUser | null;
  }
}

export const INVALID_API_KEY =
  'Incorrect API key provided. Create a key under Account settings → Developer API.';
export const KEYS_NEED_SESSION =
  'This route needs a signed-in session: API keys work on the transcript library (/api/transcriptions, /api/usage), webhooks (/api/webhooks) and /v1 only.';

export function apiRateLimitMessage(perMinute: number, secondsLeft: number): string {
  return `Rate limit reached: ${perMinute} requests a minute per account, all its API keys together. Try again in ${secondsLeft} s.`;
}

export interface AuthenticationOptions {
  auth: Auth;
  db: Database;
  apiRequestsPerMinute: number;
}

/**
 * The one place that decides who a request is from. Runs before the body is read, so a wrong
 * key or an empty budget is refused before 100 MB travel.
 */
export function registerAuthentication(app: FastifyInstance, options: AuthenticationOptions) {
  app.decorateRequest('user', null);
  // A callback hook: the routes that need nobody (pages, the public API) pay no promise for it.
  app.addHook('onRequest', (request, reply, done) => {
    const required = request.routeOptions.config.auth;
    if (required === undefined) {
      done();
      return;
    }
    authenticate(request, reply, required, options).then(() => done(), done);
  });
}

async function authenticate(
  request: FastifyRequest,
  reply: FastifyReply,
  required: RouteAuth,
  options: AuthenticationOptions,
): Promise<void> {
  if (required === 'optional-session') {
    const sessionUser = await findSessionUser(options.auth, request);
    if (sessionUser) request.user = { id: sessionUser.id, via: 'session', session: sessionUser };
    return;
  }
  // A key request is the key's alone: any cookie it carries is ignored.
  const key = bearerKey(request);
  if (key === undefined) {
    const sessionUser = await findSessionUser(options.auth, request, {
      fromMemory: mayUseSessionCache(request),
    });
    if (!sessionUser) throw new AppError('unauthenticated', 'Unauthorized');
    request.user = { id: sessionUser.id, via: 'session', session: sessionUser };
    return;
  }
  if (required === 'session') throw new AppError('forbidden', KEYS_NEED_SESSION);
  const use = await useApiKey(options.db, key);
  if (!use) throw new AppError('unauthenticated', INVALID_API_KEY);
  if (use.accountDisabled) throw new AppError('forbidden', ACCOUNT_DISABLED_MESSAGE);
  // Per key and per account: an account's keys share its budget, so more keys bring no more.
  const requests = Math.max(use.requestsThisMinute, use.accountRequestsThisMinute);
  if (requests > options.apiRequestsPerMinute) {
    void reply.header('retry-after', String(use.secondsLeftInWindow));
    throw new AppError(
      'rate_limited',
      apiRateLimitMessage(options.apiRequestsPerMinute, use.secondsLeftInWindow),
    );
  }
  request.user = { id: use.userId, via: 'key', keyId: use.keyId };
}

/** The user a route with `config.auth` was called by (the hook has refused everyone else). */
export function authenticatedUser(request: FastifyRequest): AuthenticatedUser {
  if (!request.user) throw new AppError('unauthenticated', 'Unauthorized');
  return request.user;
}

/** The signed-in user with name and email, on a route with `config.auth: 'session'`. */
export function authenticatedSessionUser(request: FastifyRequest): SessionUser {
  const user = authenticatedUser(request).session;
  if (!user) throw new AppError('unauthenticated', 'Unauthorized');
  return user;
}
