import type { FastifyInstance } from 'fastify';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests that a browser sent from another site. Requests without
 * browser headers (API clients, the payment provider's webhooks) pass: they carry no cookies
 * a third-party page could abuse.
 */
export function registerCrossSiteGuard(
  app: FastifyInstance,
  options: { baseUrl: string; exemptPaths: string[] },
): void {
  const allowedOrigin = new URL(options.baseUrl).origin;
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method)) return;
    const path = request.url.split('?')[0] ?? '';
    if (options.exemptPaths.includes(path)) return;
    const origin = request.headers.origin;
    const fetchSite = request.headers['sec-fetch-site'];
    const crossSite =
      (origin !== undefined && origin !== allowedOrigin) ||
      (origin === undefined && fetchSite === 'cross-site');
    if (crossSite) {
      return reply.status(403).send({ message: 'Cross-site request refused' });
    }
  });
}
