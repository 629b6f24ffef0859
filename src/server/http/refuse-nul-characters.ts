import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors/app-error.js';

export const NUL_CHARACTER_REFUSED =
  'The request contains a NUL character (%00), which is not allowed in any field or address.';

const ENCODED_NUL = /%00/i;

/** True when the value, or any string inside it, holds a NUL character. */
export function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(containsNul);
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).some(
      ([key, inner]) => key.includes('\u0000') || containsNul(inner),
    );
  }
  return false;
}

/**
 * PostgreSQL cannot store NUL in text and fails the query; refusing it at the door turns what
 * would be a 500 into a clear 400, for every route at once (ids, queries, JSON bodies).
 */
export function registerNulRefusal(app: FastifyInstance): void {
  // Callback hooks: every request passes here, and a promise each is measurable (benchmarks.md).
  app.addHook('onRequest', (request, _reply, done) => {
    const refused = ENCODED_NUL.test(request.url) || request.url.includes('\u0000');
    done(refused ? new AppError('bad_request', NUL_CHARACTER_REFUSED) : undefined);
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const refused = request.body !== undefined && containsNul(request.body);
    done(refused ? new AppError('bad_request', NUL_CHARACTER_REFUSED) : undefined);
  });
}
