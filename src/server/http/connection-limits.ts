import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { Socket } from 'node:net';
import type { Config } from '../config.js';
import {
  announcesBody,
  closeAfterEarlyAnswers,
  DRAIN_AFTER_ANSWER_UP_TO_BYTES,
} from './close-after-early-answer.js';

export const TOO_MANY_CONNECTIONS =
  'Too many open connections from your address. Close some tabs or downloads and try again.';

function refusal(message: string): string {
  const body = JSON.stringify({ message });
  return [
    'HTTP/1.1 503 Service Unavailable',
    'Connection: close',
    'Content-Type: application/json; charset=utf-8',
    'Retry-After: 10',
    `Content-Length: ${Buffer.byteLength(body)}`,
    '',
    body,
  ].join('\r\n');
}

/** At most `max` open connections per client address; the next is answered 503 and closed. */
function capConnectionsPerAddress(app: FastifyInstance, max: number): void {
  const open = new Map<string, number>();
  app.server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? 'unknown';
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      socket.end(refusal(TOO_MANY_CONNECTIONS));
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}

/**
 * A request body must keep arriving at a minimum rate, checked over a window: a 100 MB upload on
 * a slow link takes as long as it needs, while a stalled or trickling body loses its connection
 * after one window. The socket's byte count is read, never the body, so parsers see every byte.
 * The rule holds until the body has all arrived, also after an early answer (a refusal): a body
 * nobody will use must not hold its connection open by stalling.
 */
function requireBodyProgress(
  app: FastifyInstance,
  limits: Config['http'],
  log: FastifyBaseLogger,
): void {
  const bytesPerWindow = (limits.bodyMinBytesPerSecond * limits.bodyRateWindowMs) / 1000;
  app.addHook('onRequest', (request, _reply, done) => {
    const raw = request.raw;
    // An injected request (light-my-request, in-process calls) has no network connection to stall.
    if (!announcesBody(raw) || raw.complete || !(raw.socket instanceof Socket)) {
      done();
      return;
    }
    const socket = raw.socket;
    let seen = socket.bytesRead;
    const timer = setInterval(() => {
      if (raw.complete) return stop();
      const arrived = socket.bytesRead - seen;
      seen = socket.bytesRead;
      if (arrived >= bytesPerWindow) return;
      stop();
      log.info(
        { ip: request.ip, url: request.url, arrived, windowMs: limits.bodyRateWindowMs },
        'request body too slow; connection closed',
      );
      socket.destroy();
    }, limits.bodyRateWindowMs);
    timer.unref();
    function stop() {
      clearInterval(timer);
      // The socket outlives this request on a kept-alive connection: leave no listener behind.
      socket.off('close', stop);
    }
    raw.once('end', stop);
    raw.once('close', stop);
    socket.once('close', stop);
    done();
  });
}

/** Timeouts and caps that keep slow or greedy clients from holding connections open. */
export function applyConnectionLimits(
  app: FastifyInstance,
  limits: Config['http'],
  log: FastifyBaseLogger,
): void {
  app.server.headersTimeout = limits.headersTimeoutMs;
  // No flat limit on a whole request: a long upload is fine while its body keeps coming.
  app.server.requestTimeout = 0;
  if (limits.maxConnectionsPerIp > 0) capConnectionsPerAddress(app, limits.maxConnectionsPerIp);
  requireBodyProgress(app, limits, log);
  closeAfterEarlyAnswers(app, {
    drainMs: limits.refusedBodyDrainMs,
    drainBytes: DRAIN_AFTER_ANSWER_UP_TO_BYTES,
  });
}

/**
 * Stops taking connections and waits for requests in flight; after the grace period, connections
 * still open (a stalled client) are closed so shutdown always ends.
 */
export async function closeGracefully(
  app: FastifyInstance,
  graceMs: number,
  log: FastifyBaseLogger,
): Promise<void> {
  const lingering = setTimeout(() => {
    log.warn({ graceMs }, 'closing connections still open after the shutdown grace period');
    app.server.closeAllConnections();
  }, graceMs);
  try {
    await app.close();
  } finally {
    clearTimeout(lingering);
  }
}
