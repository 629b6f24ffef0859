import type { FastifyRequest } from 'fastify';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** The API key a request carries in `Authorization: Bearer`, if it carries one. */
export function bearerKey(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return header === undefined ? undefined : BEARER.exec(header)?.[1];
}
