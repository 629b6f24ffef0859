import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from '../errors/app-error.js';

/** Every error leaves as JSON `{ message }`; internals of 5xx stay in the log. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({ message: error.message });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(status).send({ message: 'Internal server error' });
    }
    if (error.validation) {
      return reply.status(400).send({ message: error.message });
    }
    return reply.status(status).send({ message: error.message });
  });
}
