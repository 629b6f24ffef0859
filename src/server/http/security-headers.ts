import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Helmet's headers on every answer. They depend only on the options, so helmet runs once at
 * start-up and each request gets the finished headers: @fastify/helmet builds helmet anew on
 * every request, a tenth of what an anonymous API request costs (docs/benchmarks.md).
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = securityHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/** The headers helmet sets for these options, as name and value. */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error) => {
    if (error) throw error;
  });
  return headers;
}
