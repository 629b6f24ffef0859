import type { FastifyRequest } from 'fastify';

/** The origin a browser used to reach this server, for same-origin checks. */
export type OriginOf = (request: FastifyRequest) => string;

/**
 * With BASE_URL set, that is the one origin. Without it, the request's own: its Host (or, behind
 * TRUST_PROXY, X-Forwarded-Host and -Proto, which Fastify reads), so a self-hoster who opens the
 * server by 127.0.0.1 or its network address is not refused as cross-site. A page on another
 * site still sends its own Origin, which never equals the Host it sends the request to.
 */
export function originResolver(fixedOrigin: string | undefined, fallback: string): OriginOf {
  if (fixedOrigin !== undefined) return () => fixedOrigin;
  const fallbackOrigin = new URL(fallback).origin;
  return (request) => {
    try {
      return new URL(`${request.protocol}://${request.host}`).origin;
    } catch {
      return fallbackOrigin;
    }
  };
}
