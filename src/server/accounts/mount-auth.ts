import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { OriginOf } from '../http/request-origin.js';
import { AUTH_BASE_PATH, CLIENT_IP_HEADER, type Auth } from './auth.js';

/**
 * Builds a fetch Request for better-auth from a Fastify request, carrying the real client IP,
 * addressed to the origin the browser used.
 */
export function toFetchRequest(
  request: FastifyRequest,
  origin: string,
  pathOverride?: string,
): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === CLIENT_IP_HEADER) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  headers.set(CLIENT_IP_HEADER, request.ip);
  const hasBody =
    request.method !== 'GET' && request.method !== 'HEAD' && request.body !== undefined;
  if (hasBody) headers.set('content-type', 'application/json');
  headers.delete('content-length');
  return new Request(new URL(pathOverride ?? request.url, origin), {
    method: request.method,
    headers,
    body: hasBody ? JSON.stringify(request.body) : undefined,
  });
}

/** Copies a fetch Response (status, headers incl. every set-cookie, body) onto the reply. */
export async function sendFetchResponse(reply: FastifyReply, response: Response): Promise<void> {
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name === 'set-cookie' || name === 'content-length') continue;
    reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  const body = await response.text();
  await reply.send(body.length > 0 ? body : undefined);
}

export function mountAuth(app: FastifyInstance, auth: Auth, originOf: OriginOf): void {
  app.route({
    method: ['GET', 'POST'],
    url: `${AUTH_BASE_PATH}/*`,
    handler: async (request, reply) => {
      const response = await auth.handler(toFetchRequest(request, originOf(request)));
      await sendFetchResponse(reply, response);
    },
  });
}
