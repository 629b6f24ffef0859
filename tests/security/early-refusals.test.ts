import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import OpenAI, { toFile } from 'openai';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES, PLANS } from '../../src/core/plans.js';
import { INVALID_API_KEY } from '../../src/server/accounts/authenticate.js';
import { monthlyTranscriptionCounts } from '../../src/server/db/schema.js';
import { utcMonth } from '../../src/server/quota/usage.js';
import { launchBrowser } from '../e2e/support/browser.js';
import { listen } from '../integration/support/http.js';
import { BOUNDARY, MULTIPART_TAIL, multipartHead } from '../integration/support/raw-upload.js';
import { createTestApp, type TestApp } from '../integration/support/test-app.js';

// Small values, so a test waits a second where production waits longer.
const LIMITS = {
  UPLOAD_MIN_BYTES_PER_SECOND: '500',
  UPLOAD_RATE_WINDOW_SECONDS: '1',
  REFUSED_BODY_DRAIN_SECONDS: '2',
  // Long, so that only the rules under test can close a connection.
  HTTP_IDLE_TIMEOUT_SECONDS: '600',
  HTTP_HEADERS_TIMEOUT_SECONDS: '600',
};

/** A file well past the 16 MB the server used to drain after a refusal. */
const BIG = 40 * 1024 * 1024;

interface RawConnection {
  socket: Socket;
  received: () => string;
  closed: Promise<void>;
}

async function open(baseUrl: string): Promise<RawConnection> {
  const { hostname, port } = new URL(baseUrl);
  const socket = connect(Number(port), hostname);
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')));
  socket.on('error', () => undefined);
  const closed = new Promise<void>((done) => socket.once('close', () => done()));
  await once(socket, 'connect');
  return { socket, received: () => received, closed };
}

function postHead(path: string, headers: string[]): string {
  return [`POST ${path} HTTP/1.1`, 'Host: 127.0.0.1', ...headers, '', ''].join('\r\n');
}

/** Keeps writing a body of `total` bytes as fast as the connection takes it; bytes it got in. */
async function pushUntilClosed(connection: RawConnection, total: number): Promise<number> {
  const piece = Buffer.alloc(256 * 1024);
  let sent = 0;
  let closed = false;
  void connection.closed.then(() => (closed = true));
  while (sent < total && !closed && !connection.socket.destroyed) {
    const ok = connection.socket.write(piece);
    sent += piece.length;
    if (!ok) await Promise.race([once(connection.socket, 'drain'), connection.closed]);
  }
  return sent;
}

function uploadBody(bytes: number): Uint8Array<ArrayBuffer> {
  const head = multipartHead('file', 'big.wav');
  const body = new Uint8Array(head.length + bytes + MULTIPART_TAIL.length);
  body.set(head, 0);
  body.set(MULTIPART_TAIL, head.length + bytes);
  return body;
}

/** A new account over real HTTP, its month used up; its cookie and an API key of it. */
async function usedUpAccount(app: TestApp, baseUrl: string) {
  const email = `used-up-${Date.now()}@example.com`;
  const password = 'correct horse battery';
  const post = (path: string, body: object, cookie?: string) =>
    fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: {
        origin: baseUrl,
        'content-type': 'application/json',
        ...(cookie ? { cookie } : {}),
      },
      body: JSON.stringify(body),
    });
  expect(
    (await post('/api/identity/sign-up/email', { email, password, name: 'Used Up' })).status,
  ).toBe(200);
  const signedIn = await post('/api/identity/sign-in/email', { email, password });
  const { user } = (await signedIn.json()) as { user: { id: string } };
  const cookie = signedIn.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  await app.database.db.insert(monthlyTranscriptionCounts).values({
    userId: user.id,
    month: utcMonth(new Date()),
    count: PLANS.free.limits.transcriptionsPerMonth ?? 0,
  });
  const created = await post('/api/keys', { name: 'script' }, cookie);
  const { key } = (await created.json()) as { key: string };
  return { cookie, key };
}

describe('answers given before the body', () => {
  let app: TestApp;
  let baseUrl: string;
  let browser: Browser;
  let usedUp: { cookie: string; key: string };
  beforeAll(async () => {
    // Without BASE_URL, as a self-hoster runs it: the browser page's own origin is the server's.
    [app, browser] = await Promise.all([
      createTestApp('pglite', { env: LIMITS, baseUrl: null }),
      launchBrowser(),
    ]);
    baseUrl = await listen(app);
    usedUp = await usedUpAccount(app, baseUrl);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('closes stalled bodies of refused uploads: 10 of 10 declaring 100 kB and sending 9 bytes', async () => {
    const connections = await Promise.all(Array.from({ length: 10 }, () => open(baseUrl)));
    for (const connection of connections) {
      connection.socket.write(
        postHead('/api/transcriptions', [
          `Content-Type: multipart/form-data; boundary=${BOUNDARY}`,
          'Content-Length: 100000',
        ]) + '--1234567',
      );
    }
    await Promise.all(connections.map((connection) => connection.closed));
    for (const connection of connections) {
      expect(connection.received()).toMatch(/^HTTP\/1\.1 401 /);
      expect(connection.received()).toMatch(/\r\nconnection: close\r\n/i);
    }
  });

  it('closes a refused body that keeps coming above the minimum rate, after the drain deadline', async () => {
    const connection = await open(baseUrl);
    connection.socket.write(
      postHead('/api/transcriptions', [
        `Content-Type: multipart/form-data; boundary=${BOUNDARY}`,
        'Content-Length: 1000000',
      ]),
    );
    // 2,000 bytes a second, four times the minimum: it would take 500 s to finish.
    const trickle = setInterval(() => {
      if (!connection.socket.destroyed) connection.socket.write(Buffer.alloc(200));
    }, 100);
    try {
      await connection.closed;
    } finally {
      clearInterval(trickle);
    }
    expect(connection.received()).toMatch(/^HTTP\/1\.1 401 /);
  });

  it('a wrong API key: 401 at once, and the connection closes long before 100 MB are read', async () => {
    const connection = await open(baseUrl);
    connection.socket.write(
      postHead('/v1/audio/transcriptions', [
        'Authorization: Bearer sk-sono-wrong',
        `Content-Type: multipart/form-data; boundary=${BOUNDARY}`,
        `Content-Length: ${MAX_UPLOAD_BYTES}`,
      ]),
    );
    const sent = await pushUntilClosed(connection, MAX_UPLOAD_BYTES);
    expect(connection.received()).toMatch(/^HTTP\/1\.1 401 /);
    expect(connection.received()).toContain('invalid_api_key');
    expect(sent).toBeLessThan(MAX_UPLOAD_BYTES / 2);
  });

  it('fetch (undici) reads the refusal of a 40 MB upload, not a broken pipe', async () => {
    const anonymous = await fetch(`${baseUrl}/api/transcriptions`, {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      body: uploadBody(BIG),
    });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ message: 'Unauthorized' });

    // A refusal from the upload's own checks (the month is used up), past the old 16 MB drain.
    const refused = await fetch(`${baseUrl}/api/transcriptions`, {
      method: 'POST',
      headers: {
        cookie: usedUp.cookie,
        origin: baseUrl,
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      },
      body: uploadBody(BIG),
    });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toContain(
      'Monthly limit reached',
    );
  });

  it('the OpenAI SDK reads the refusals of a 40 MB file', async () => {
    const openai = new OpenAI({
      apiKey: 'sk-sono-wrong',
      baseURL: `${baseUrl}/v1`,
      maxRetries: 0,
    });
    const error = await openai.audio.transcriptions
      .create({ file: await toFile(Buffer.alloc(BIG), 'big.wav'), model: 'whisper-1' })
      .then(
        () => undefined,
        (failure: unknown) => failure,
      );
    expect(error).toBeInstanceOf(OpenAI.AuthenticationError);
    expect((error as InstanceType<typeof OpenAI.APIError>).message).toContain(INVALID_API_KEY);

    const quota = await new OpenAI({
      apiKey: usedUp.key,
      baseURL: `${baseUrl}/v1`,
      maxRetries: 0,
    }).audio.transcriptions
      .create({
        file: await toFile(Buffer.alloc(BIG), 'big.wav'),
        model: 'whisper-1',
      })
      .then(
        () => undefined,
        (failure: unknown) => failure,
      );
    expect(quota).toBeInstanceOf(OpenAI.RateLimitError);
    expect((quota as InstanceType<typeof OpenAI.APIError>).type).toBe('insufficient_quota');
  });

  it('Chromium reads the refusal of a 40 MB upload, not a network error', async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(`${baseUrl}/api/site`);
      const upload = (bytes: number) =>
        page.evaluate(async (size) => {
          const form = new FormData();
          form.append('audio', new Blob([new Uint8Array(size)]), 'big.wav');
          try {
            const response = await fetch('/api/transcriptions', { method: 'POST', body: form });
            return { status: response.status, body: await response.text() };
          } catch (error) {
            return { status: 0, body: String(error) };
          }
        }, bytes);
      expect(await upload(BIG)).toEqual({
        status: 401,
        body: JSON.stringify({ message: 'Unauthorized' }),
      });
      await context.addCookies(
        usedUp.cookie.split('; ').map((pair) => {
          const at = pair.indexOf('=');
          return { name: pair.slice(0, at), value: pair.slice(at + 1), url: baseUrl };
        }),
      );
      const refused = await upload(BIG);
      expect(refused.status).toBe(403);
      expect(refused.body).toContain('Monthly limit reached');
    } finally {
      await context.close();
    }
  });
});
