import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TranscriptionDto } from '../../src/core/api/transcriptions.js';
import { createEncryptingStorage } from '../../src/server/storage/encryption/encrypting-storage.js';
import { createS3Storage } from '../../src/server/storage/s3-storage.js';
import { FREE_TRIAL_QUEUE } from '../../src/server/free-trial/free-trial-jobs.js';
import { ALIVE_FILE } from '../../src/server/storage/process-temp-area.js';
import {
  makeSpeechClip,
  makeTempDirectory,
  type SpeechClip,
} from '../fixtures/speech/speech-fixtures.js';
import {
  startServer,
  startWorker,
  type RunningServer,
  type WorkerProcess,
} from '../e2e/support/server.js';
import { requirePostgres, TEST_POSTGRES_URL } from './support/databases.js';
import { getJson, uploadFile, waitForTranscription } from './support/http.js';
import { startS3Server, type S3Server } from './support/s3-server.js';
import { jobsOf } from './support/scaled-deployment.js';
import { signUpOverHttp } from '../fixtures/accounts/sign-up-over-http.js';

// The deployment the README describes, with real parts: PostgreSQL, two API processes and two
// worker processes (separate `node` processes), audio in an S3 bucket.
await requirePostgres();

const FILES = 4;
let fixtures: { path: string; remove: () => Promise<void> };
let speech: SpeechClip;
let s3: S3Server;
let admin: pg.Client;
let db: pg.Client;
let databaseName: string;
let apis: RunningServer[] = [];
const workers: WorkerProcess[] = [];
const workerDirs: string[] = [];
let sharedEnv: Record<string, string>;

function startWorkerProcess(): WorkerProcess {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sonoscript-worker-'));
  workerDirs.push(dataDir);
  const worker = startWorker({ ...sharedEnv, DATA_DIR: dataDir, BASE_URL: apis[0]?.baseUrl ?? '' });
  workers.push(worker);
  return worker;
}

beforeAll(async () => {
  fixtures = await makeTempDirectory('sonoscript-scale-');
  const counting = 'one two three four five six seven eight nine ten';
  speech = await makeSpeechClip(
    fixtures.path,
    'long',
    Array.from({ length: 4 }, () => [{ say: counting }, { silence: 1 }]).flat(),
  );
  s3 = await startS3Server();
  databaseName = `sonoscript_scale_${randomBytes(5).toString('hex')}`;
  admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${databaseName}"`);
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${databaseName}`;
  db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  sharedEnv = {
    DATABASE_URL: url.toString(),
    AUTH_SECRET: randomBytes(32).toString('hex'),
    // One master key for every process on the shared bucket.
    ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    WORKER_CONCURRENCY: '1',
    ...s3.env('audio'),
  };
  apis = await Promise.all([
    startServer({ ...sharedEnv, RUN_WORKERS: 'false' }),
    startServer({ ...sharedEnv, RUN_WORKERS: 'false' }),
  ]);
  startWorkerProcess();
  startWorkerProcess();
});
afterAll(async () => {
  await Promise.all(workers.map((worker) => worker.kill('SIGKILL')));
  await Promise.all(apis.map((api) => api.stop()));
  await db.end();
  await admin.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
  await admin.end();
  for (const dir of workerDirs) rmSync(dir, { recursive: true, force: true });
  await s3.close();
  await fixtures.remove();
});

async function signUpPro(api: RunningServer): Promise<string> {
  const { cookie, userId } = await signUpOverHttp(api.baseUrl, { name: 'Scale' });
  await db.query(
    `INSERT INTO subscriptions (id, user_id, provider, provider_subscription_id, status, current_period_end)
     VALUES ($1, $2, 'test', $3, 'active', now() + interval '30 days')`,
    [randomUUID(), userId, `sub_${randomUUID()}`],
  );
  return cookie;
}

describe('two API processes and two workers on PostgreSQL and S3', () => {
  it('a worker killed mid-job: every upload, through either API, completes exactly once', async () => {
    try {
      await uploadKillAndCheck();
    } catch (error) {
      const logs = workers.map((worker, index) => `worker ${index}:\n${worker.output()}`);
      throw new Error(`${String(error)}\n${logs.join('\n')}`, { cause: error });
    }
  }, 300_000);

  it('a free trial sent to an API without workers is transcribed by a worker, and nothing is kept', async () => {
    const api = apis[1] as RunningServer;
    const response = await uploadFile(api.baseUrl, undefined, speech.path, {
      url: '/api/transcribe/free-trial',
      origin: api.baseUrl,
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { text: string }).text).toContain('four five six');
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1`,
      [FREE_TRIAL_QUEUE],
    );
    expect(rows[0]?.n).toBe(0);
    const trialObjects = (await s3.keys()).filter((key) => key.includes('trial-'));
    expect(trialObjects).toEqual([]);
  }, 120_000);
});

async function uploadKillAndCheck(): Promise<void> {
  // One session, valid on both APIs: they share the database and AUTH_SECRET.
  const cookie = await signUpPro(apis[0] as RunningServer);
  const created: TranscriptionDto[] = [];
  for (let index = 0; index < FILES; index++) {
    const api = apis[index % 2] as RunningServer;
    const response = await uploadFile(api.baseUrl, cookie, speech.path, {
      origin: api.baseUrl,
      filename: `interview ${index}.wav`,
    });
    expect(response.status).toBe(201);
    created.push((await response.json()) as TranscriptionDto);
  }

  // Both workers busy: killing one interrupts a job.
  await expect
    .poll(
      async () => {
        const { rows } = await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM transcriptions WHERE status = 'processing'`,
        );
        return rows[0]?.n;
      },
      { timeout: 60_000, interval: 100 },
    )
    .toBe(2);
  await (workers[0] as WorkerProcess).kill('SIGKILL');
  startWorkerProcess(); // a replacement, as an orchestrator would start one

  for (const [index, item] of created.entries()) {
    const api = apis[(index + 1) % 2] as RunningServer; // read through the other API
    const done = await waitForTranscription<TranscriptionDto>(
      api.baseUrl,
      cookie,
      item.id,
      180_000,
    );
    expect(done.status).toBe('completed');
    expect(done.text).toContain('four five six');
  }
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM transcriptions');
  expect(rows[0]?.n).toBe(FILES);
  const retries: number[] = [];
  for (const item of created) {
    const jobs = await jobsOf(db, item.id);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]?.state).toBe('completed');
    retries.push(jobs[0]?.retry_count ?? 0);
  }
  expect(Math.max(...retries)).toBeGreaterThanOrEqual(1); // the interrupted job ran again

  // The audio is in the bucket, nowhere on the API machines, and playable through either API.
  const bucket = createEncryptingStorage(
    createS3Storage({
      bucket: s3.bucket,
      prefix: 'audio/',
      endpoint: s3.endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    }),
    [Buffer.from(sharedEnv.ENCRYPTION_KEY ?? '', 'base64')],
  );
  for (const item of created) expect(await bucket.size(`${item.id}.wav`)).toBe(item.fileSize);
  for (const api of apis) {
    expect(await readdir(path.join(api.dataDir, 'audio')).catch(() => [])).toEqual([]);
    const work = await readdir(path.join(api.dataDir, 'work'), {
      recursive: true,
      withFileTypes: true,
    });
    const left = work.filter((entry) => entry.isFile() && entry.name !== ALIVE_FILE);
    expect(left.map((entry) => entry.name)).toEqual([]);
    const first = created[0] as TranscriptionDto;
    const { status } = await getJson(api.baseUrl, cookie, `/api/transcriptions/${first.id}`);
    expect(status).toBe(200);
  }
}
