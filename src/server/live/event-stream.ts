import type { FastifyReply } from 'fastify';
import type { ServerResponse } from 'node:http';

const HEARTBEAT_MS = 15_000;

export interface EventStream {
  write(text: string): void;
  end(): void;
  readonly closed: boolean;
}

/**
 * Turns a reply into a text/event-stream: headers that stop proxies buffering, a reconnect delay,
 * a comment every 15 s so idle connections are not cut, and one `onEnd` whoever ends it.
 */
export function openEventStream(
  reply: FastifyReply,
  openStreams: Set<ServerResponse>,
  onEnd: () => void,
): EventStream {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    'x-accel-buffering': 'no',
    connection: 'keep-alive',
  });
  raw.write('retry: 2000\n\n');
  openStreams.add(raw);
  const heartbeat = setInterval(() => raw.write(': still here\n\n'), HEARTBEAT_MS);
  let closed = false;
  const stream: EventStream = {
    write: (text) => {
      if (!closed) raw.write(text);
    },
    end() {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      openStreams.delete(raw);
      onEnd();
      raw.end();
    },
    get closed() {
      return closed;
    },
  };
  raw.on('close', () => stream.end());
  return stream;
}
