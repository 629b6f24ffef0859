import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error.js';

/** Calls a session may make per minute, all together, to the routes that reach the provider. */
export const BILLING_CALLS_PER_MINUTE = 30;

export const BILLING_RATE_LIMITED =
  'Too many billing requests. Please wait a minute and try again.';

const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=([^;]+)/;

/**
 * One budget per signed-in session, so an office behind one address is not throttled together;
 * requests without a session (refused later anyway) share their address's budget. The token is
 * signed, so a client cannot mint new keys by varying its cookies.
 */
function sessionOrAddress(request: FastifyRequest): string {
  const session = SESSION_COOKIE.exec(request.headers.cookie ?? '')?.[1];
  return session ? `billing-session:${session}` : `billing-address:${request.ip}`;
}

/**
 * An onRequest hook that keeps one client from driving the payment provider's API in a loop.
 * Route-level rate limits count each route apart; this one budget covers every route it is on.
 */
export function billingRateLimit(
  app: FastifyInstance,
): (request: FastifyRequest, reply: FastifyReply) => Promise<void> {
  const check = app.createRateLimit({
    max: BILLING_CALLS_PER_MINUTE,
    timeWindow: '1 minute',
    keyGenerator: sessionOrAddress,
  });
  return async (request, reply) => {
    const limit = await check(request);
    if (limit.isAllowed || !limit.isExceeded) return;
    void reply.header('retry-after', String(limit.ttlInSeconds));
    throw new AppError('rate_limited', BILLING_RATE_LIMITED);
  };
}
