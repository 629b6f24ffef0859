import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';

/** Operator-set facts the public pages show (contact details), and the optional verification file. */
export async function siteRoutes(app: FastifyInstance, options: { config: Config }) {
  const { contact, siteVerification } = options.config;
  app.get('/api/site', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return {
      contactEmail: contact.email,
      contactPhone: contact.phone,
      officeAddress: contact.office,
    };
  });

  if (siteVerification) {
    const path = siteVerification.path.startsWith('/')
      ? siteVerification.path
      : `/${siteVerification.path}`;
    app.get(path, async (_request, reply) =>
      reply.type('text/plain; charset=utf-8').send(siteVerification.content),
    );
  }
}
