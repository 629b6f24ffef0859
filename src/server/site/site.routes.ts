import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { siteSchema } from '../../core/api/site.js';
import { ANONYMOUS_SECURITY } from '../http/api-schemas.js';

/**
 * Operator-set facts the public pages show (contact details), whether the server sends account
 * emails (then sign-up is confirmed by a link), and the optional verification file.
 */
export async function siteRoutes(
  app: FastifyInstance,
  options: { config: Config; accountEmails: boolean },
) {
  const { contact, siteVerification } = options.config;
  app.get(
    '/api/site',
    {
      schema: {
        tags: ['Site'],
        summary: 'The operator’s contact details, and whether the server sends account emails',
        security: ANONYMOUS_SECURITY,
        response: { 200: siteSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return {
        contactEmail: contact.email,
        contactPhone: contact.phone,
        officeAddress: contact.office,
        accountEmails: options.accountEmails,
      };
    },
  );

  if (siteVerification) {
    const path = siteVerification.path.startsWith('/')
      ? siteVerification.path
      : `/${siteVerification.path}`;
    app.get(path, async (_request, reply) =>
      reply.type('text/plain; charset=utf-8').send(siteVerification.content),
    );
  }
}
