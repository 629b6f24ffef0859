import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { contactMessageSchema } from '../../core/contact.js';
import type { Database } from '../db/database.js';
import { contactMessages } from '../db/schema.js';

export const CONTACT_RATE_LIMITED =
  'Too many messages from your network. Please try again in an hour.';

/** Stores contact messages after validating them again with the page's own schema. */
export async function contactRoutes(
  app: FastifyInstance,
  options: { db: Database; perHour: number },
) {
  app.post(
    '/api/contact',
    {
      config: {
        rateLimit: {
          max: options.perHour,
          timeWindow: '1 hour',
          keyGenerator: (request) => request.ip,
          errorResponseBuilder: (_request, context) => ({
            statusCode: context.statusCode,
            message: CONTACT_RATE_LIMITED,
          }),
        },
      },
    },
    async (request, reply) => {
      const parsed = contactMessageSchema.safeParse(request.body);
      if (!parsed.success) {
        const first = parsed.error.issues[0];
        return reply.status(400).send({ message: first?.message ?? 'Invalid message.' });
      }
      await options.db
        .insert(contactMessages)
        .values({ id: randomUUID(), ...parsed.data, clientIp: request.ip });
      return reply.status(201).send({ ok: true });
    },
  );
}
