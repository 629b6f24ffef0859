import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TranscriptionDto } from '../../src/core/api/transcriptions.js';
import type { SpeechEngineStatus } from '../../src/server/speech/speech-engine-supervisor.js';
import {
  makeSpeechClip,
  makeTempDirectory,
  type SpeechClip,
} from '../fixtures/speech/speech-fixtures.js';
import {
  startModelFileServer,
  type ModelFileServer,
} from '../fixtures/whisper/model-file-server.js';
import { tinyWhisperModelBytes } from '../fixtures/whisper/tiny-whisper-model.js';
import { BUILD_TIMEOUT_MS, builtWhisperServer } from '../fixtures/whisper/whisper-test-setup.js';
import { signUp } from './support/accounts.js';
import { getJson, listen, uploadFile, waitForTranscription } from './support/http.js';
import { createTestApp, OPERATOR, speechOf, type TestApp } from './support/test-app.js';

/** Not a published name, so the local server's published SHA-256 is what the download is held to. */
const MODEL = 'tiny.en-random';
const MODEL_FILE = `ggml-${MODEL}.bin`;

interface Health {
  engine: string;
  model: string;
  pending?: SpeechEngineStatus['pending'];
}

let fixtures: Awaited<ReturnType<typeof makeTempDirectory>>;
let model: Buffer;
let short: SpeechClip;
let long: SpeechClip;
let modelServer: ModelFileServer;

beforeAll(async () => {
  // The whisper-server program is the cached build (npm test builds it first); only the model is
  // downloaded in these tests.
  await builtWhisperServer();
  fixtures = await makeTempDirectory('sonoscript-whisper-background-');
  model = tinyWhisperModelBytes();
  modelServer = await startModelFileServer({ files: { [MODEL_FILE]: model } });
  short = await makeSpeechClip(fixtures.path, 'short', [
    { say: 'one two three four five' },
    { silence: 0.5 },
  ]);
  const sentence = 'the quick brown fox jumps over the lazy dog near the river bank';
  long = await makeSpeechClip(fixtures.path, 'long', [
    { say: sentence },
    { silence: 0.4 },
    { say: sentence },
    { silence: 0.4 },
    { say: sentence },
    { silence: 0.4 },
    { say: sentence },
  ]);
}, BUILD_TIMEOUT_MS);

afterAll(async () => {
  await modelServer?.close();
  await fixtures?.remove();
});

/** What an operator sees, with HEALTH_TOKEN. */
async function health(app: TestApp): Promise<Health> {
  const response = await app.server.inject({
    method: 'GET',
    url: '/api/health',
    headers: OPERATOR,
  });
  return response.json<Health>();
}

/** Polls /api/health as an operator would, until `accept` holds. */
async function healthUntil(
  app: TestApp,
  accept: (health: Health) => boolean,
  timeoutMs = 60_000,
): Promise<Health> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const current = await health(app);
    if (accept(current)) return current;
    if (Date.now() > deadline) throw new Error(`health stayed ${JSON.stringify(current)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function statusUntil(baseUrl: string, cookie: string, id: string, status: string) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const { body } = await getJson<TranscriptionDto>(baseUrl, cookie, `/api/transcriptions/${id}`);
    if (body.status === status) return;
    if (Date.now() > deadline) throw new Error(`transcription ${id} stayed ${body.status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const whisperEnv = (modelsDir: string, baseUrl = modelServer.baseUrl) => ({
  RUN_WORKERS: 'true',
  WHISPER_MODEL: MODEL,
  WHISPER_MODEL_BASE_URL: baseUrl,
  WHISPER_MODELS_DIR: modelsDir,
});

/** A port nothing listens on: the connection is refused, as for a machine without internet. */
async function refusingPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

// Getting whisper ready (download, build, switch) does not touch the database: one kind is
// enough, and the suite's time budget is better spent where the database matters.
describe('whisper made ready in the background', () => {
  const kind = 'pglite';
  it('serves on pocketsphinx at once, shows the download, then gives new jobs whisper without a restart', async () => {
    const modelsDir = path.join(fixtures.path, `switch-${kind}`);
    const paused = modelServer.pauseNextTransferAt(Math.floor(model.length / 2));
    const app = await createTestApp(kind, {
      env: { WORKER_CONCURRENCY: '1', ...whisperEnv(modelsDir) },
    });
    try {
      const baseUrl = await listen(app);
      const downloading = await healthUntil(app, (h) => (h.pending?.percent ?? 0) >= 40);
      expect(downloading).toMatchObject({
        engine: 'pocketsphinx',
        model: 'cmusphinx-en-us',
        pending: { engine: 'whisper', model: MODEL, state: 'downloading' },
      });
      expect(downloading.pending?.percent).toBeLessThan(60);
      // The half-downloaded file is not where a model is looked for.
      expect(existsSync(path.join(modelsDir, MODEL_FILE))).toBe(false);

      const { cookie } = await signUp(app);
      const before = (await (await uploadFile(baseUrl, cookie, short.path)).json()) as {
        id: string;
      };
      const first = await waitForTranscription<TranscriptionDto>(baseUrl, cookie, before.id);
      expect(first).toMatchObject({
        status: 'completed',
        engine: 'pocketsphinx',
        model: 'cmusphinx-en-us',
      });

      // A job that is running when whisper arrives finishes on the engine it started with.
      const running = (await (await uploadFile(baseUrl, cookie, long.path)).json()) as {
        id: string;
      };
      await statusUntil(baseUrl, cookie, running.id, 'processing');
      paused.release();
      const ready = await healthUntil(app, (h) => h.engine === 'whisper');
      expect(ready).toEqual(expect.objectContaining({ engine: 'whisper', model: MODEL }));
      expect(ready.pending).toBeUndefined();
      const midway = await getJson<TranscriptionDto>(
        baseUrl,
        cookie,
        `/api/transcriptions/${running.id}`,
      );
      expect(midway.body.status).toBe('processing');
      const finished = await waitForTranscription<TranscriptionDto>(baseUrl, cookie, running.id);
      expect(finished).toMatchObject({ status: 'completed', engine: 'pocketsphinx' });

      const after = (await (await uploadFile(baseUrl, cookie, short.path)).json()) as {
        id: string;
      };
      // Random weights make whisper retry every window at higher temperatures: slow on a busy machine.
      const second = await waitForTranscription<TranscriptionDto>(
        baseUrl,
        cookie,
        after.id,
        240_000,
      );
      expect(second).toMatchObject({ status: 'completed', engine: 'whisper', model: MODEL });
      expect(await readdir(modelsDir)).toEqual([MODEL_FILE]);
    } finally {
      paused.release();
      await app.close();
    }
  }, 480_000);

  it('resumes a download cut halfway and never uses the half', async () => {
    const modelsDir = path.join(fixtures.path, `cut-${kind}`);
    const half = Math.floor(model.length / 2);
    modelServer.requests.length = 0;
    modelServer.cutNextTransfers(half, 1);
    const app = await createTestApp(kind, { env: whisperEnv(modelsDir) });
    try {
      await speechOf(app).settled();
      expect(await health(app)).toMatchObject({ engine: 'whisper', model: MODEL });
      // The second request asked for the rest, from where the cut left the file.
      const ranges = modelServer.requests
        .filter((request) => request.path.endsWith(MODEL_FILE) && request.range)
        .map((request) => Number(/^bytes=(\d+)-$/.exec(request.range ?? '')?.[1]));
      expect(ranges.some((start) => start > 0 && start <= half)).toBe(true);
      expect((await readFile(path.join(modelsDir, MODEL_FILE))).equals(model)).toBe(true);
      expect(await readdir(modelsDir)).toEqual([MODEL_FILE]);
    } finally {
      await app.close();
    }
  });

  it('continues a download after a restart on the same models folder', async () => {
    const modelsDir = path.join(fixtures.path, `restart-${kind}`);
    const half = Math.floor(model.length / 2);
    modelServer.requests.length = 0;
    const paused = modelServer.pauseNextTransferAt(half);
    const first = await createTestApp(kind, { env: whisperEnv(modelsDir) });
    try {
      await healthUntil(first, (h) => (h.pending?.percent ?? 0) >= 40);
    } finally {
      await first.close();
      paused.release();
    }
    expect(existsSync(path.join(modelsDir, MODEL_FILE))).toBe(false);

    const second = await createTestApp(kind, { env: whisperEnv(modelsDir) });
    try {
      await speechOf(second).settled();
      expect(await health(second)).toMatchObject({ engine: 'whisper', model: MODEL });
      // It asked for the rest, from where the first run's file ended, and got the whole model.
      const last = modelServer.requests
        .filter((request) => request.path.endsWith(MODEL_FILE))
        .at(-1);
      const start = Number(/^bytes=(\d+)-$/.exec(last?.range ?? '')?.[1]);
      expect(start).toBeGreaterThan(0);
      expect(start).toBeLessThanOrEqual(half);
      expect((await readFile(path.join(modelsDir, MODEL_FILE))).equals(model)).toBe(true);
    } finally {
      await second.close();
    }
  });

  it('offline, says in one log line what failed and how to fix it, and serves on pocketsphinx', async () => {
    const modelsDir = path.join(fixtures.path, `offline-${kind}`);
    const port = await refusingPort();
    // The default model: WHISPER_MODEL unset.
    const app = await createTestApp(kind, {
      env: {
        RUN_WORKERS: 'true',
        WHISPER_MODEL: '',
        WHISPER_MODELS_DIR: modelsDir,
        WHISPER_MODEL_BASE_URL: `http://127.0.0.1:${port}/models`,
        LOG_LEVEL: 'info',
      },
      logger: true,
    });
    try {
      await speechOf(app).settled();
      const now = await health(app);
      expect(now).toMatchObject({
        engine: 'pocketsphinx',
        pending: { engine: 'whisper', model: 'base', state: 'failed' },
      });
      const failures = app
        .logLines()
        .filter((line) => line.level >= 40 && ('engine' in line || 'pending' in line));
      expect(failures.map((line) => line.msg)).toEqual([now.pending?.message]);
      expect(failures[0]?.msg).toBe(now.pending?.message);
      expect(failures[0]?.msg).toContain(
        `whisper base could not be downloaded from http://127.0.0.1:${port}/models/ggml-base.bin, so pocketsphinx serves`,
      );
      expect(failures[0]?.msg).toContain('ECONNREFUSED');
      expect(failures[0]?.msg).toContain('set WHISPER_MODEL_BASE_URL to a mirror');
      expect(failures[0]?.msg).toContain('the download resumes on the next start');
      // Anyone may read whisper's progress and what failed, but not where the server keeps files.
      const seenByAnyone = (await app.server.inject({ method: 'GET', url: '/api/health' })).json<
        Record<string, unknown> & Health
      >();
      expect(seenByAnyone).toEqual({
        status: 'ok',
        engine: 'pocketsphinx',
        pending: {
          engine: 'whisper',
          model: 'base',
          state: 'failed',
          message: expect.stringContaining('set WHISPER_MODEL_BASE_URL to a mirror') as unknown,
        },
        speech: {
          languages: ['en'],
          translate: false,
          needs: 'the whisper engine, which this server has not downloaded yet',
        },
      });
      expect(seenByAnyone.pending?.message).toContain('put ggml-base.bin into …/offline-');
      expect(seenByAnyone.pending?.message).not.toContain(fixtures.path);
      expect(app.logLines().map((line) => line.msg)).toContain(
        'pocketsphinx serves until whisper base is ready',
      );
    } finally {
      await app.close();
    }
  });
});
