import { connect, type Socket } from 'node:net';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeGracefully, TOO_MANY_CONNECTIONS } from '../../src/server/http/connection-limits.js';
import { SAME_ORIGIN } from './support/accounts.js';
import { listen } from './support/http.js';
import { createTestApp, type TestApp } from './support/test-app.js';

// Small values, so a test waits a second where production waits half a minute.
const LIMITS = {
  UPLOAD_MIN_BYTES_PER_SECOND: '500',
  UPLOAD_RATE_WINDOW_SECONDS: '1',
  MAX_CONNECTIONS_PER_IP: '4',
  SHUTDOWN_GRACE_SECONDS: '1',
};

interface RawConnection {
  socket: Socket;
  received: () => string;
  closed: Promise<void>;
}

function open(baseUrl: string): Promise<RawConnection> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')));
    socket.on('error', () => undefined);
    const closed = new Promise<void>((done) => socket.once('close', () => done()));
    socket.once('connect', () => resolve({ socket, received: () => received, closed }));
    socket.once('error', reject);
  });
}

function startPost(connection: RawConnection, path: string, headers: string[]): void {
  connection.socket.write(
    [
      `POST ${path} HTTP/1.1`,
      'Host: localhost:3000',
      `Origin: ${SAME_ORIGIN.origin}`,
      ...headers,
      '',
      '',
    ].join('\r\n'),
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('slow and greedy clients', () => {
  let app: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    app = await createTestApp('pglite', { env: LIMITS });
    baseUrl = await listen(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('drops a body that stalls', async () => {
    const connection = await open(baseUrl);
    startPost(connection, '/api/contact', [
      'Content-Type: application/json',
      'Content-Length: 200',
    ]);
    connection.socket.write('{"name":"Ada"');
    await connection.closed;
    expect(connection.received()).toBe('');
  });

  it('drops a chunked upload that trickles a byte at a time', async () => {
    const connection = await open(baseUrl);
    startPost(connection, '/api/transcribe/free-trial', [
      'Content-Type: multipart/form-data; boundary=XYZ',
      'Transfer-Encoding: chunked',
    ]);
    let closed = false;
    void connection.closed.then(() => (closed = true));
    const part = '--XYZ\r\nContent-Disposition: form-data; name="audio"; filename="a.wav"\r\n\r\n';
    for (const char of part) {
      if (closed) break;
      connection.socket.write(`1\r\n${char}\r\n`);
      await sleep(100);
    }
    await connection.closed;
    expect(closed).toBe(true);
  });

  it('keeps a slow upload that keeps above the minimum rate', async () => {
    const connection = await open(baseUrl);
    const body = JSON.stringify({
      name: 'Grace Hopper',
      email: 'grace@example.com',
      subject: 'A slow but steady link',
      message: 'x'.repeat(4900),
    });
    startPost(connection, '/api/contact', [
      'Content-Type: application/json',
      `Content-Length: ${Buffer.byteLength(body)}`,
      'Connection: close',
    ]);
    // About 2,500 bytes a second for two seconds: slow, but well above the 500 minimum.
    for (let offset = 0; offset < body.length; offset += 250) {
      connection.socket.write(body.slice(offset, offset + 250));
      await sleep(100);
    }
    await connection.closed;
    expect(connection.received()).toMatch(/^HTTP\/1\.1 201 /);
  });

  it('caps open connections per address, and frees a place when one closes', async () => {
    const held = await Promise.all([1, 2, 3, 4].map(() => open(baseUrl)));
    const refused = await open(baseUrl);
    await refused.closed;
    expect(refused.received()).toMatch(/^HTTP\/1\.1 503 /);
    expect(refused.received()).toContain(TOO_MANY_CONNECTIONS);
    held[0]?.socket.destroy();
    await held[0]?.closed;
    const next = await open(baseUrl);
    next.socket.write(
      'GET /api/site HTTP/1.1\r\nHost: localhost:3000\r\nConnection: close\r\n\r\n',
    );
    await next.closed;
    expect(next.received()).toMatch(/^HTTP\/1\.1 200 /);
    for (const connection of held) connection.socket.destroy();
  });
});

/** Resolves once the server has parsed the headers of `count` more requests. */
function requestsArrived(app: TestApp, count: number): Promise<void> {
  return new Promise((resolve) => {
    let seen = 0;
    const onRequest = () => {
      seen += 1;
      if (seen < count) return;
      app.server.server.off('request', onRequest);
      resolve();
    };
    app.server.server.on('request', onRequest);
  });
}

describe('shutdown', () => {
  it('lets a request in flight finish, and closes a stalled one after the grace period', async () => {
    const app = await createTestApp('pglite', {
      env: { ...LIMITS, UPLOAD_RATE_WINDOW_SECONDS: '3600' },
    });
    const baseUrl = await listen(app);
    const arrived = requestsArrived(app, 2);
    const stalled = await open(baseUrl);
    startPost(stalled, '/api/contact', ['Content-Type: application/json', 'Content-Length: 500']);
    stalled.socket.write('{"name"');
    const finishing = await open(baseUrl);
    const message = JSON.stringify({
      name: 'Ada',
      email: 'ada@example.com',
      subject: 'Shutdown',
      message: 'Sent while the server stops.',
    });
    startPost(finishing, '/api/contact', [
      'Content-Type: application/json',
      `Content-Length: ${Buffer.byteLength(message)}`,
      'Connection: close',
    ]);
    finishing.socket.write(message.slice(0, 10));
    // Both requests are in flight: the server has their headers, not yet their bodies.
    await arrived;

    const shutdown = closeGracefully(app.server, app.config.http.shutdownGraceMs, app.server.log);
    finishing.socket.write(message.slice(10));
    await shutdown;
    await Promise.all([stalled.closed, finishing.closed]);
    expect(finishing.received()).toMatch(/^HTTP\/1\.1 20\d /);
    expect(stalled.received()).toBe('');
    await expect(open(baseUrl)).rejects.toThrow(/ECONNREFUSED/);
    await app.close();
  });
});

describe('kept-alive connections', () => {
  it('leave no listener behind on the connection for each request with a body', async () => {
    const app = await createTestApp('pglite', { env: LIMITS });
    const baseUrl = await listen(app);
    const sockets: Socket[] = [];
    app.server.server.on('connection', (socket: Socket) => sockets.push(socket));
    const connection = await open(baseUrl);
    const body = '{"name":"Ada"}';
    const requests = 12;
    for (let index = 1; index <= requests; index += 1) {
      startPost(connection, '/api/unknown-route', [
        'Content-Type: application/json',
        `Content-Length: ${body.length}`,
      ]);
      connection.socket.write(body);
      await expect.poll(() => connection.received().match(/HTTP\/1\.1 /g)?.length ?? 0).toBe(index);
    }
    expect(connection.received()).not.toMatch(/connection: close/i);
    expect(sockets).toHaveLength(1);
    // Node's own listeners and at most one of the request in flight; never one per request.
    expect(sockets[0]?.listenerCount('close')).toBeLessThan(requests / 2);
    connection.socket.destroy();
    await app.close();
  });
});

describe('injected requests', () => {
  it('are answered even when their body takes longer than a rate window, having no connection to drop', async () => {
    const app = await createTestApp('pglite', { env: LIMITS });
    const body = '{"name":"Ada"}';
    // The body arrives after more than two 1-second windows in which no network bytes were counted.
    const slowBody = new PassThrough();
    setTimeout(() => slowBody.end(body), 2_500).unref();
    const response = await app.server.inject({
      method: 'POST',
      url: '/api/unknown-route',
      headers: {
        'content-type': 'application/json',
        'content-length': String(body.length),
        origin: SAME_ORIGIN.origin,
      },
      payload: slowBody,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: expect.any(String) });
    await app.close();
  });
});
