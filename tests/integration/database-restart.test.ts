import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TranscriptionDto } from '../../src/core/api/transcriptions.js';
import { startPrivatePostgres, type PrivatePostgres } from '../../scripts/private-postgres.mjs';
import {
  makeSpeechClip,
  makeTempDirectory,
  type SpeechClip,
} from '../fixtures/speech/speech-fixtures.js';
import { uploadFile, waitForTranscription } from './support/http.js';
import { startWorker } from '../e2e/support/server.js';
import { startScaledDeployment } from './support/scaled-deployment.js';

const DATABASE_DOWN = 'The database is unavailable right now. Please try again in a moment.';

let postgres: PrivatePostgres;
let fixtures: { path: string; remove: () => Promise<void> };
let speech: SpeechClip;

beforeAll(async () => {
  // A server of this test's own: restarting the run's shared one would break the other files.
  postgres = await startPrivatePostgres();
  fixtures = await makeTempDirectory('sonoscript-db-restart-');
  speech = await makeSpeechClip(fixtures.path, 'short', [{ say: 'one two three four five' }]);
});
afterAll(async () => {
  postgres?.remove();
  await fixtures?.remove();
});

describe('a PostgreSQL restart', () => {
  it('API and worker processes ride it out: 503 while it is down, then everything resumes', async () => {
    const deployment = await startScaledDeployment({ postgresUrl: postgres.url });
    const worker = deployment.startWorker();
    try {
      const { api } = deployment;
      const { cookie } = await deployment.signUp();
      await expect
        .poll(() => worker.output(), { timeout: 120_000 })
        .toContain('transcription workers started');
      postgres.stop();

      const during = await fetch(`${api.baseUrl}/api/transcriptions`, { headers: { cookie } });
      expect(during.status).toBe(503);
      expect(await during.json()).toEqual({ message: DATABASE_DOWN });
      expect(during.headers.get('retry-after')).toBe('5');
      // The failed session lookup is logged without its parameters: the session token.
      const sessionToken = decodeURIComponent(cookie.split('=')[1] ?? '').split('.')[0] ?? '';
      expect(sessionToken.length).toBeGreaterThan(10);
      await expect.poll(() => api.output()).toContain('database unavailable');
      expect(api.output()).not.toContain(sessionToken);
      // The worker notices the outage too (its queue polls the database) and keeps running.
      await expect.poll(() => worker.output(), { timeout: 60_000 }).toContain('ECONNREFUSED');
      expect(api.process.exitCode).toBeNull();
      expect(worker.process.exitCode).toBeNull();

      postgres.start();
      await expect
        .poll(
          async () =>
            (await fetch(`${api.baseUrl}/api/transcriptions`, { headers: { cookie } })).status,
          { timeout: 60_000, interval: 250 },
        )
        .toBe(200);
      const created = (await (
        await uploadFile(api.baseUrl, cookie, speech.path, { origin: api.baseUrl })
      ).json()) as TranscriptionDto;
      const done = await waitForTranscription<TranscriptionDto>(
        api.baseUrl,
        cookie,
        created.id,
        120_000,
      );
      expect(done.status).toBe('completed');
      expect(done.text).toContain('three');
      expect(api.process.exitCode).toBeNull();
      expect(worker.process.exitCode).toBeNull();
    } catch (error) {
      throw new Error(
        `${String(error)}\napi output:\n${deployment.api.output()}\nworker output:\n${worker.output()}`,
        { cause: error },
      );
    } finally {
      await deployment.stop().catch(() => undefined);
    }
  }, 300_000);

  it('a process started while the database is down waits for it and then starts', async () => {
    postgres.stop();
    const worker = startWorker({
      DATABASE_URL: postgres.url,
      WORKER_CONCURRENCY: '1',
      DATA_DIR: fixtures.path,
      // Vitest puts Vite's BASE_URL ('/') in the environment the worker inherits.
      BASE_URL: 'http://localhost:3000',
    });
    try {
      await expect
        .poll(() => worker.output(), { timeout: 120_000 })
        .toContain('the database is not reachable yet');
      expect(worker.process.exitCode).toBeNull();
      postgres.start();
      await expect
        .poll(() => worker.output(), { timeout: 120_000 })
        .toContain('transcription workers started');
    } catch (error) {
      throw new Error(`${String(error)}\nworker output:\n${worker.output()}`, { cause: error });
    } finally {
      await worker.kill('SIGKILL');
      postgres.start();
    }
  }, 300_000);
});
