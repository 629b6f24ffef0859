import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TranscriptionDto } from '../../src/core/api/transcriptions.js';
import { startServer, type RunningServer } from '../e2e/support/server.js';
import { makeTempDirectory, makeTone } from '../fixtures/speech/speech-fixtures.js';
import { signUpOverHttp } from '../fixtures/accounts/sign-up-over-http.js';
import { requirePostgres, TEST_POSTGRES_URL } from './support/databases.js';
import { getJson } from './support/http.js';
import { startS3Server, type S3Server } from './support/s3-server.js';
import { startCuttingProxy, tusUpload } from './support/tus-client.js';
import { randomBytes } from 'node:crypto';
import pg from 'pg';

// Two API processes (separate `node` processes) on one PostgreSQL database, their audio in one
// S3 bucket: an upload cut off on the first is finished on the second.
await requirePostgres();

let fixtures: Awaited<ReturnType<typeof makeTempDirectory>>;
let tone: Buffer;
let s3: S3Server;
let admin: pg.Client;
let databaseName: string;
let apis: RunningServer[] = [];

beforeAll(async () => {
  fixtures = await makeTempDirectory('sonoscript-tus-scaled-');
  const tonePath = path.join(fixtures.path, 'tone.wav');
  await makeTone(tonePath, 30);
  tone = await readFile(tonePath);
  s3 = await startS3Server();
  databaseName = `sonoscript_tus_${randomBytes(5).toString('hex')}`;
  admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${databaseName}"`);
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${databaseName}`;
  const shared = {
    DATABASE_URL: url.toString(),
    AUTH_SECRET: randomBytes(32).toString('hex'),
    ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    RUN_WORKERS: 'false',
    ...s3.env('audio'),
  };
  // One after the other: both would migrate the new database at once.
  apis = [await startServer(shared)];
  apis.push(await startServer(shared));
});
afterAll(async () => {
  await Promise.all(apis.map((api) => api.stop()));
  await admin.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
  await admin.end();
  await s3.close();
  await fixtures.remove();
});

describe('resumable uploads across API processes, stored in S3', () => {
  it('resumes on the second process an upload cut off on the first', async () => {
    const [first, second] = apis;
    if (!first || !second) throw new Error('two processes');
    const { cookie } = await signUpOverHttp(first.baseUrl);
    const proxy = await startCuttingProxy(first.baseUrl, 500 * 1024);
    let cutOff: unknown;
    let uploadUrl = '';
    try {
      // No retries: the client gives up on the first process when the connection drops.
      await tusUpload(tone, {
        endpoint: `${proxy.url}/api/uploads`,
        headers: { cookie },
        metadata: { filename: 'episode-12.wav' },
        retries: 0,
        onUrl: (url) => (uploadUrl = url),
      }).catch((error: unknown) => (cutOff = error));
    } finally {
      await proxy.close();
    }
    expect(cutOff).toBeDefined();
    const id = uploadUrl.split('/').pop() ?? '';
    expect(id).toMatch(/^[0-9a-f-]{36}$/);

    // The second process's HEAD waits for the first's lock, so it sees what the first kept.
    const result = await tusUpload(tone, {
      endpoint: `${second.baseUrl}/api/uploads`,
      uploadUrl: `${second.baseUrl}/api/uploads/${id}`,
      headers: { cookie },
    });
    expect(result.resumedAt[0]).toBeGreaterThan(0);
    expect(result.resumedAt[0]).toBeLessThan(tone.length);
    // The first process knows the transcription the second made.
    const made = await getJson<TranscriptionDto>(
      first.baseUrl,
      cookie,
      `/api/transcriptions/${result.transcriptionId}`,
    );
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ filename: 'episode-12.wav', fileSize: tone.length });
    const keys = await s3.keys();
    expect(keys.filter((key) => key.startsWith('audio/upload_'))).toEqual([]);
    expect(keys).toContain(`audio/${result.transcriptionId}.wav`);
    const audio = await fetch(
      `${second.baseUrl}/api/transcriptions/${result.transcriptionId}/audio`,
      {
        headers: { cookie },
      },
    );
    expect(Buffer.from(await audio.arrayBuffer()).equals(tone)).toBe(true);
  });
});
