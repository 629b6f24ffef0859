import { randomBytes, randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TranscriptionDto } from '../../src/core/api-types.js';
import {
  makeSpeechClip,
  makeTempDirectory,
  type SpeechClip,
} from '../fixtures/speech/speech-fixtures.js';
import { startServer, startWorker } from '../e2e/support/server.js';
import { isPostgresAvailable, TEST_POSTGRES_URL } from './support/databases.js';
import { getJson, uploadFile, waitForTranscription } from './support/http.js';

const postgres = await isPostgresAvailable();
let fixtures: { path: string; remove: () => Promise<void> };
let speech: SpeechClip;

async function signUpOver(baseUrl: string): Promise<{ cookie: string; userId: string }> {
  const response = await fetch(`${baseUrl}/api/identity/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({
      email: `durable-${randomUUID()}@example.com`,
      password: 'durable password',
      name: 'Durable',
    }),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  const body = (await response.json()) as { user: { id: string } };
  return { cookie, userId: body.user.id };
}

beforeAll(async () => {
  fixtures = await makeTempDirectory('sonoscript-durable-');
  const counting = 'one two three four five six seven eight nine ten';
  speech = await makeSpeechClip(
    fixtures.path,
    'long',
    Array.from({ length: 16 }, () => [{ say: counting }, { silence: 1 }]).flat(),
  );
});
afterAll(async () => {
  await fixtures.remove();
});

describe('durable jobs', () => {
  it('a job queued while no worker runs survives a server restart and completes', async () => {
    const first = await startServer({ RUN_WORKERS: 'false' });
    const { cookie } = await signUpOver(first.baseUrl);
    const created = (await (
      await uploadFile(first.baseUrl, cookie, speech.path, { origin: first.baseUrl })
    ).json()) as TranscriptionDto;
    expect(created.status).toBe('queued');
    await first.stop({ keepData: true });

    const second = await startServer(
      {},
      { dataDir: first.dataDir, port: Number(new URL(first.baseUrl).port) },
    );
    try {
      const done = await waitForTranscription<TranscriptionDto>(second.baseUrl, cookie, created.id);
      expect(done.status).toBe('completed');
      expect(done.text).toContain('four five six');
    } finally {
      await second.stop();
      rmSync(first.dataDir, { recursive: true, force: true });
    }
  });

  // Separate worker processes need a shared PostgreSQL: the embedded database serves one process.
  (postgres ? it : it.todo)(
    'a worker killed mid-job: the job runs again on another worker and completes exactly once',
    async () => {
      const databaseName = `sonoscript_durable_${randomBytes(5).toString('hex')}`;
      const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
      await admin.connect();
      await admin.query(`CREATE DATABASE "${databaseName}"`);
      const url = new URL(TEST_POSTGRES_URL);
      url.pathname = `/${databaseName}`;
      const shared = { DATABASE_URL: url.toString(), WORKER_CONCURRENCY: '1' };
      const api = await startServer({ ...shared, RUN_WORKERS: 'false' });
      const workerEnv = {
        ...shared,
        BASE_URL: api.baseUrl,
        AUDIO_DIR: `${api.dataDir}/audio`,
        DATA_DIR: api.dataDir,
      };
      const doomed = startWorker(workerEnv);
      let rescuer: ReturnType<typeof startWorker> | undefined;
      const db = new pg.Client({ connectionString: url.toString() });
      try {
        await db.connect();
        const { cookie, userId } = await signUpOver(api.baseUrl);
        // Pro, so the whole file is transcribed and the job runs long enough to be interrupted.
        await db.query(
          `INSERT INTO subscriptions (id, user_id, provider, provider_subscription_id, status, current_period_end)
           VALUES ($1, $2, 'test', $3, 'active', now() + interval '30 days')`,
          [randomUUID(), userId, `sub_${randomUUID()}`],
        );
        const created = (await (
          await uploadFile(api.baseUrl, cookie, speech.path, { origin: api.baseUrl })
        ).json()) as TranscriptionDto;
        expect(created.isTruncated).toBe(false);
        await expect
          .poll(
            async () =>
              (
                await getJson<TranscriptionDto>(
                  api.baseUrl,
                  cookie,
                  `/api/transcriptions/${created.id}`,
                )
              ).body.status,
            {
              timeout: 60_000,
              interval: 100,
            },
          )
          .toBe('processing');
        await doomed.kill('SIGKILL');

        rescuer = startWorker(workerEnv);
        const done = await waitForTranscription<TranscriptionDto>(
          api.baseUrl,
          cookie,
          created.id,
          150_000,
        );
        expect(done.status).toBe('completed');
        expect(done.text).toContain('four five six');

        const rows = await db.query('SELECT count(*)::int AS n FROM transcriptions');
        expect(rows.rows[0].n).toBe(1);
        const jobs = await db.query(
          `SELECT state, retry_count FROM pgboss.job WHERE name = 'transcription' AND singleton_key = $1`,
          [created.id],
        );
        expect(jobs.rows).toHaveLength(1);
        expect(jobs.rows[0].state).toBe('completed');
        expect(jobs.rows[0].retry_count).toBeGreaterThanOrEqual(1);
      } catch (error) {
        throw new Error(
          `${String(error)}\nworker output:\n${doomed.output()}\n${rescuer?.output() ?? ''}\napi output:\n${api.output()}`,
          { cause: error },
        );
      } finally {
        await doomed.kill('SIGKILL');
        await rescuer?.kill('SIGTERM');
        await api.stop();
        await db.end();
        await admin.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
        await admin.end();
      }
    },
  );
});
