import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '../db/database-unavailable.js';
import { AppError } from '../errors/app-error.js';

/** Seconds a client should wait before it asks again while the database is down. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * The first thing wrong with a request, in the words its zod schema gives: not Fastify's
 * `body/field …` summary of every issue.
 */
function validationMessage(error: FastifyError): string {
  if (!hasZodFastifySchemaValidationErrors(error)) return error.message;
  return error.validation[0]?.message ?? error.message;
}

/** Every error leaves as JSON `{ message }`; internals of 5xx stay in the log. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined)
        void reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(error.statusCode).send({ message: error.message });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({ message: DATABASE_UNAVAILABLE_MESSAGE });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(status).send({ message: 'Internal server error' });
    }
    if (error.validation) {
      return reply.status(400).send({ message: validationMessage(error) });
    }
    return reply.status(status).send({ message: error.message });
  });
}
