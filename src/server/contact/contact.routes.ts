import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { CONTACT_LIMITS, contactMessageSchema } from '../../core/contact.js';
import type { Database } from '../db/database.js';
import { contactMessages } from '../db/schema.js';
import { ANONYMOUS_SECURITY, apiErrorSchema, okSchema } from '../http/api-schemas.js';
import { forDocumentationOnly } from '../http/documentation-only.js';
import type { Mailer } from '../mail/mailer.js';
import { forwardContactMessage } from './forward-contact-message.js';

/** The handler checks the body with the contact page's own schema; this one documents it. */
const contactBodyDocumentation = forDocumentationOnly(
  z
    .object({
      name: z.string().min(2).max(CONTACT_LIMITS.nameMax),
      email: z.email().max(CONTACT_LIMITS.emailMax),
      subject: z.string().min(5).max(CONTACT_LIMITS.subjectMax),
      message: z.string().min(10).max(CONTACT_LIMITS.messageMax),
    })
    .meta({ id: 'ContactMessage' }),
);

export const CONTACT_RATE_LIMITED =
  'Too many messages from your network. Please try again in an hour.';

/**
 * Stores contact messages after validating them again with the page's own schema, and forwards
 * them to CONTACT_INBOX when email is set up.
 */
export async function contactRoutes(
  app: FastifyInstance,
  options: { db: Database; perHour: number; mailer: Mailer; inbox: string | undefined },
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
      schema: {
        tags: ['Site'],
        summary: 'Send the operator a message',
        security: ANONYMOUS_SECURITY,
        body: contactBodyDocumentation,
        response: { 201: okSchema, 400: apiErrorSchema, 429: apiErrorSchema },
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
      if (options.mailer.enabled && options.inbox) {
        // Stored already, so a mail server that is down loses nothing: the operator still has it.
        await forwardContactMessage(options.mailer, options.inbox, parsed.data).catch(
          (error: unknown) =>
            request.log.error({ err: error }, 'could not forward a contact message'),
        );
      }
      return reply.status(201).send({ ok: true as const });
    },
  );
}
