import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error.js';

/** Calls a session may make per minute, all together, to the routes that reach the provider. */
export const BILLING_CALLS_PER_MINUTE = 30;

export const BILLING_RATE_LIMITED =
  'Too many billing requests. Please wait a minute and try again.';

/**
 * A hook that keeps one account from driving the payment provider's API in a loop. Route-level
 * rate limits count each route apart; this one budget covers every route it is on. The budget
 * belongs to the signed-in user, whatever session or cookie text they send (a fresh sign-in or a
 * decoy cookie gets no fresh budget); requests without a session (refused later anyway) share
 * their address's budget.
 */
export function billingRateLimit(
  app: FastifyInstance,
): (request: FastifyRequest, reply: FastifyReply) => Promise<void> {
  const keys = new WeakMap<FastifyRequest, string>();
  const check = app.createRateLimit({
    max: BILLING_CALLS_PER_MINUTE,
    timeWindow: '1 minute',
    keyGenerator: (request) => keys.get(request) ?? `billing-address:${request.ip}`,
  });
  return async (request, reply) => {
    // The authentication hook has put the user on the request (these routes need a session).
    if (request.user) keys.set(request, `billing-user:${request.user.id}`);
    const limit = await check(request);
    if (limit.isAllowed || !limit.isExceeded) return;
    void reply.header('retry-after', String(limit.ttlInSeconds));
    throw new AppError('rate_limited', BILLING_RATE_LIMITED);
  };
}
