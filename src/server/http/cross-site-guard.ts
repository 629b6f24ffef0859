import type { FastifyInstance } from 'fastify';
import { bearerKey } from './bearer-key.js';
import type { OriginOf } from './request-origin.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests that a browser sent from another site. Requests without
 * browser headers (API clients, the payment provider's webhooks) pass: they carry no cookies
 * a third-party page could abuse.
 */
export function registerCrossSiteGuard(
  app: FastifyInstance,
  options: { originOf: OriginOf; exemptPaths: string[] },
): void {
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method)) return;
    const path = request.url.split('?')[0] ?? '';
    if (options.exemptPaths.includes(path)) return;
    // A key request is authenticated by its header alone (its cookies are ignored), and no other
    // site can make a browser send that header.
    if (bearerKey(request) !== undefined) return;
    const origin = request.headers.origin;
    const fetchSite = request.headers['sec-fetch-site'];
    const expected = options.originOf(request);
    const crossSite =
      (origin !== undefined && origin !== expected) ||
      (origin === undefined && fetchSite === 'cross-site');
    if (crossSite) {
      return reply.status(403).send({
        message: `Cross-site request refused: this server expects requests from ${expected}. If that is not the address you opened, ask the operator to set BASE_URL to it.`,
      });
    }
  });
}
