import type { FastifyInstance } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';

/**
 * After an early answer the client may still be sending: at most this much more of its body is
 * read (and discarded) before the connection is cut. Enough for a client that sends its whole
 * request before it reads the answer to finish a small upload and see the message; a client that
 * reads while it sends (fetch, the OpenAI SDKs, browsers) hangs up long before.
 */
export const DRAIN_AFTER_ANSWER_UP_TO_BYTES = 16 * 1024 * 1024;

/** True when the request announced a body (a length above 0, or chunks). */
export function announcesBody(raw: IncomingMessage): boolean {
  return (
    raw.headers['transfer-encoding'] !== undefined || Number(raw.headers['content-length'] ?? 0) > 0
  );
}

/**
 * A request answered before its body has all arrived (a refusal from its headers alone: no key,
 * no room, too many at once) ends its connection, gently: the answer says `Connection: close`,
 * the server half-closes once the answer is out and goes on reading and discarding the body for
 * a bounded while, so the client reads the message before the connection goes. Closing at once
 * would leave unread bytes in the server's socket, and the kernel then sends a reset that throws
 * away the answer the client had not read yet: a "broken pipe" instead of the message.
 * Reading on for ever would let anybody make the server read 100 MB it has refused.
 */
export function closeAfterEarlyAnswers(
  app: FastifyInstance,
  limits: { drainMs: number; drainBytes: number },
): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    const raw = request.raw;
    // Only a real connection: requests injected in-process (tests, internal calls) have none.
    const onConnection = raw.socket instanceof Socket && !raw.socket.destroyed;
    if (onConnection && !raw.complete && announcesBody(raw)) {
      void reply.header('connection', 'close');
      drainThenClose(raw, limits);
    }
    done(null, payload);
  });
}

function drainThenClose(raw: IncomingMessage, limits: { drainMs: number; drainBytes: number }) {
  const socket = raw.socket;
  const close = () => socket.destroy();
  const deadline = setTimeout(close, limits.drainMs);
  deadline.unref();
  socket.once('close', () => clearTimeout(deadline));
  // Reading the body ourselves also keeps Node from discarding the rest of it unbounded.
  let drained = 0;
  raw.on('data', (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > limits.drainBytes) close();
  });
  raw.once('error', close);
  // The whole body is in: nothing unread is left, so closing now sends no reset.
  raw.once('end', () => {
    if (socket.writableFinished) close();
    else socket.once('finish', close);
  });
  raw.resume();
  // Node ends a `Connection: close` answer with destroySoon(): a half-close, then a full close
  // as soon as the answer is flushed, with the body still unread. Here the half-close stays, and
  // the full close waits for the end of the body, the byte budget or the deadline above.
  socket.destroySoon = () => socket.end();
}
