import type { FastifyInstance } from 'fastify';
import { httpRequestDuration, httpRequests } from '../metrics/metrics-registry.js';

/** A request no route matched: one label for all, so strangers' URLs never become series. */
const UNMATCHED = 'unmatched';

/** Counts every answer by its route's pattern (`/api/transcriptions/:id`), never the raw URL. */
export function registerHttpMetrics(server: FastifyInstance): void {
  server.addHook('onResponse', (request, reply, done) => {
    const labels = {
      method: request.method,
      route: request.is404 ? UNMATCHED : (request.routeOptions.url ?? UNMATCHED),
      status_code: String(reply.statusCode),
    };
    httpRequests.inc(labels);
    httpRequestDuration.observe(labels, reply.elapsedTime / 1000);
    done();
  });
}
