import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { OpenAiError } from './openai-error.js';

/** A transcription takes seconds to minutes: a retry in this time has a fair chance. */
const IN_FLIGHT_RETRY_SECONDS = 5;

export function tooManyRequestsInFlight(max: number): string {
  return `Too many requests at once: an account (all its API keys together) may have ${max} transcription requests open at a time. Wait for one to finish, then send the next.`;
}

/**
 * At most `max` requests of one account open at once on a route that holds its request until
 * the work is done. A key belongs to one account, so the cap holds per key too, and twenty keys
 * do not make twenty times the cap. Counted in this process, like the uploads at once.
 */
export function capRequestsInFlight(max: number) {
  const open = new Map<string, number>();
  const leaves = new WeakMap<FastifyRequest, () => void>();

  function onRequest(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) {
    const accountId = request.user?.id;
    if (accountId === undefined) return done();
    const count = open.get(accountId) ?? 0;
    if (count >= max) {
      void reply.header('retry-after', String(IN_FLIGHT_RETRY_SECONDS));
      return done(
        new OpenAiError(
          'rate_limited',
          tooManyRequestsInFlight(max),
          'requests',
          'rate_limit_exceeded',
        ),
      );
    }
    open.set(accountId, count + 1);
    let left = false;
    const leave = () => {
      if (left) return;
      left = true;
      const remaining = (open.get(accountId) ?? 1) - 1;
      if (remaining > 0) open.set(accountId, remaining);
      else open.delete(accountId);
    };
    leaves.set(request, leave);
    // A client that went away gets no answer: its place is freed when its connection goes.
    reply.raw.once('close', leave);
    done();
  }

  /** Frees the place before the answer is written, so a client that sends its next request on
   * reading this answer always finds it free. */
  function onSend(
    request: FastifyRequest,
    _reply: FastifyReply,
    payload: unknown,
    done: (error: null, payload: unknown) => void,
  ) {
    leaves.get(request)?.();
    done(null, payload);
  }

  return { onRequest, onSend };
}
