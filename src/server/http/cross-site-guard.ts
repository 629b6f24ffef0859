import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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
  app.addHook('onRequest', (request, reply, done) => {
    if (!refuseCrossSite(request, reply, options)) done();
  });
}

/** Answers 403 to a state-changing request from another site; true when it did. */
function refuseCrossSite(
  request: FastifyRequest,
  reply: FastifyReply,
  options: { originOf: OriginOf; exemptPaths: string[] },
): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const path = request.url.split('?')[0] ?? '';
  if (options.exemptPaths.includes(path)) return false;
  // A key request is authenticated by its header alone (its cookies are ignored), and no other
  // site can make a browser send that header.
  if (bearerKey(request) !== undefined) return false;
  const origin = request.headers.origin;
  const fetchSite = request.headers['sec-fetch-site'];
  const expected = options.originOf(request);
  const crossSite =
    (origin !== undefined && origin !== expected) ||
    (origin === undefined && fetchSite === 'cross-site');
  if (!crossSite) return false;
  void reply.status(403).send({
    message: `Cross-site request refused: this server expects requests from ${expected}. If that is not the address you opened, ask the operator to set BASE_URL (or ALLOWED_HOSTS) to it.`,
  });
  return true;
}
