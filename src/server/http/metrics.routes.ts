import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { apiErrorSchema } from '../../core/api/common.js';
import { AppError } from '../errors/app-error.js';
import { metricsRegistry } from '../metrics/metrics-registry.js';

export const METRICS_PATH = '/metrics';

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

function presentsToken(request: FastifyRequest, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match?.[1] !== undefined && timingSafeEqual(digest(match[1]), digest(token));
}

/**
 * Prometheus's text format, for whoever presents METRICS_TOKEN. Without a token set the route is
 * not registered at all: /metrics is then an unknown path like any other.
 */
export async function metricsRoutes(app: FastifyInstance, options: { token: string | undefined }) {
  const { token } = options;
  if (token === undefined) return;
  app.get(
    METRICS_PATH,
    {
      schema: {
        tags: ['Operators'],
        summary: 'Prometheus metrics (text format), with METRICS_TOKEN as a bearer token',
        security: [{ metricsToken: [] }],
        response: {
          200: { content: { 'text/plain': { schema: z.string() } } },
          401: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      if (!presentsToken(request, token)) {
        void reply.header('www-authenticate', 'Bearer');
        throw new AppError('unauthenticated', 'Send METRICS_TOKEN as a bearer token.');
      }
      const text = await metricsRegistry.metrics();
      return reply
        .header('cache-control', 'no-store')
        .type(metricsRegistry.contentType)
        .serializer((payload: unknown) => payload as string)
        .send(text);
    },
  );
}
