import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDirectory, speak } from '../fixtures/speech/speech-fixtures.js';
import { SAME_ORIGIN } from './support/accounts.js';
import { listen } from './support/http.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/**
 * A hosted speech API that takes each request and never answers, and says when the caller hung
 * up on it: the engine's work for the trial has stopped.
 */
async function startSilentSpeechApi() {
  const arrivals: Array<() => void> = [];
  const hangUps: Array<() => void> = [];
  const arrived = new Promise<void>((resolve) => arrivals.push(resolve));
  const hungUp = new Promise<void>((resolve) => hangUps.push(resolve));
  const server: Server = createServer((incoming) => {
    incoming.resume();
    for (const resolve of arrivals) resolve();
    incoming.socket.once('close', () => hangUps.forEach((resolve) => resolve()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    arrived,
    hungUp,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('a free trial whose visitor leaves', () => {
  let app: TestApp;
  let api: Awaited<ReturnType<typeof startSilentSpeechApi>>;
  let directory: Awaited<ReturnType<typeof makeTempDirectory>>;

  beforeAll(async () => {
    api = await startSilentSpeechApi();
    directory = await makeTempDirectory();
    app = await createTestApp('pglite', {
      env: { TRANSCRIPTION_ENGINE: 'openai', TRANSCRIPTION_API_URL: api.url, RUN_WORKERS: 'true' },
    });
  });
  afterAll(async () => {
    await app?.close();
    await api?.close();
    await directory?.remove();
  });

  it('stops the transcription when the visitor disconnects', async () => {
    const wav = path.join(directory.path, 'hello.wav');
    await speak('hello there, this is a short free trial', wav);
    const form = new FormData();
    form.append('audio', new Blob([await readFile(wav)], { type: 'audio/wav' }), 'hello.wav');
    const encoded = new Response(form);
    const body = Buffer.from(await encoded.arrayBuffer());
    const { hostname, port } = new URL(await listen(app));
    const visitor = httpRequest({
      host: hostname,
      port,
      method: 'POST',
      path: '/api/transcribe/free-trial',
      headers: {
        ...SAME_ORIGIN,
        'content-type': encoded.headers.get('content-type') ?? '',
        'content-length': body.length,
      },
    });
    visitor.on('error', () => undefined);
    visitor.end(body);

    await api.arrived;
    visitor.destroy();
    // Without the abort, the engine's request would wait on the silent API for minutes.
    await expect(api.hungUp).resolves.toBeUndefined();
  });
});
