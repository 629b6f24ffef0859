import type { FastifyRequest } from 'fastify';

/** The origin a browser used to reach this server, for same-origin checks. */
export type OriginOf = (request: FastifyRequest) => string;

/**
 * With BASE_URL set, that is the one origin. Without it, the request's own: its Host (or, behind
 * TRUST_PROXY, X-Forwarded-Host and -Proto, which Fastify reads), so a self-hoster who opens the
 * server by 127.0.0.1 or its network address is not refused as cross-site. A page on another
 * site still sends its own Origin, which never equals the Host it sends the request to. A Host
 * that does not name this server (`accepts`) is not believed: a DNS-rebinding page sends its own
 * name as both Host and Origin, so it gets the fallback origin and is refused.
 */
export function originResolver(
  fixedOrigin: string | undefined,
  fallback: string,
  accepts: (hostname: string) => boolean,
): OriginOf {
  if (fixedOrigin !== undefined) return () => fixedOrigin;
  const fallbackOrigin = new URL(fallback).origin;
  return (request) => {
    try {
      const url = new URL(`${request.protocol}://${request.host}`);
      return accepts(url.hostname) ? url.origin : fallbackOrigin;
    } catch {
      return fallbackOrigin;
    }
  };
}
