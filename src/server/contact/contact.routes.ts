import { perAddressRateLimit } from '../http/per-address-rate-limit.js';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import { contactAnswerSchema, contactBody } from '../../core/api/contact.js';
import type { Database } from '../db/database.js';
import { contactMessages } from '../db/schema.js';
import { ANONYMOUS_SECURITY } from '../http/api-schemas.js';
import { apiErrorSchema } from '../../core/api/common.js';
import type { Mailer } from '../mail/mailer.js';
import { forwardContactMessage } from './forward-contact-message.js';

export const CONTACT_RATE_LIMITED =
  'Too many messages from your network. Please try again in an hour.';

/**
 * Stores contact messages after validating them again with the page's own schema, and forwards
 * them to CONTACT_INBOX when email is set up.
 */
export async function contactRoutes(
  parent: FastifyInstance,
  options: { db: Database; perHour: number; mailer: Mailer; inbox: string | undefined },
) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/contact',
    {
      config: { rateLimit: perAddressRateLimit(options.perHour, '1 hour', CONTACT_RATE_LIMITED) },
      schema: {
        tags: ['Site'],
        summary: 'Send the operator a message',
        security: ANONYMOUS_SECURITY,
        body: contactBody,
        response: { 201: contactAnswerSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const message = request.body;
      await options.db
        .insert(contactMessages)
        .values({ id: randomUUID(), ...message, clientIp: request.ip });
      let forwarded = false;
      if (options.mailer.enabled && options.inbox) {
        // Stored already, so a mail server that is down loses nothing: the operator still has it.
        forwarded = await forwardContactMessage(options.mailer, options.inbox, message).then(
          () => true,
          (error: unknown) => {
            request.log.error({ err: error }, 'could not forward a contact message');
            return false;
          },
        );
      }
      return reply.status(201).send({ ok: true as const, forwarded });
    },
  );
}
