import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TranscriptionDto } from '../../src/core/api/transcriptions.js';
import {
  makeSpeechClip,
  makeTempDirectory,
  type SpeechClip,
} from '../fixtures/speech/speech-fixtures.js';
import { startServer } from '../e2e/support/server.js';
import { requirePostgres } from './support/databases.js';
import { jobsOf, startScaledDeployment } from './support/scaled-deployment.js';
import { getJson, uploadFile, waitForTranscription } from './support/http.js';
import { signUpOverHttp } from '../fixtures/accounts/sign-up-over-http.js';

await requirePostgres();
let fixtures: { path: string; remove: () => Promise<void> };
let speech: SpeechClip;

async function uploadOver(baseUrl: string, cookie: string): Promise<TranscriptionDto> {
  return (await (
    await uploadFile(baseUrl, cookie, speech.path, { origin: baseUrl })
  ).json()) as TranscriptionDto;
}

async function waitForStatus(
  baseUrl: string,
  cookie: string,
  id: string,
  status: string,
): Promise<void> {
  await expect
    .poll(
      async () =>
        (await getJson<TranscriptionDto>(baseUrl, cookie, `/api/transcriptions/${id}`)).body.status,
      {
        timeout: 60_000,
        interval: 100,
      },
    )
    .toBe(status);
}

function signUpOver(baseUrl: string): Promise<{ cookie: string; userId: string }> {
  return signUpOverHttp(baseUrl, { name: 'Durable' });
}

beforeAll(async () => {
  fixtures = await makeTempDirectory('sonoscript-durable-');
  const counting = 'one two three four five six seven eight nine ten';
  speech = await makeSpeechClip(
    fixtures.path,
    'long',
    // About 40 s: long enough to be caught mid-job, short enough to transcribe three times.
    Array.from({ length: 8 }, () => [{ say: counting }, { silence: 1 }]).flat(),
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

  // A worker killed mid-job is in scale-out.test.ts: two APIs, two workers, S3, exactly once.
  it('a worker stopped with SIGTERM finishes its running job before it exits', async () => {
    const deployment = await startScaledDeployment();
    try {
      const { api } = deployment;
      const worker = deployment.startWorker();
      const { cookie } = await deployment.signUpPro();
      const created = await uploadOver(api.baseUrl, cookie);
      await waitForStatus(api.baseUrl, cookie, created.id, 'processing');
      const exited = new Promise<number | null>((resolve) => worker.process.once('exit', resolve));
      worker.process.kill('SIGTERM');
      expect(await exited).toBe(0);

      // Finished by the worker that was asked to stop: no other worker runs, and it ran once.
      const { body } = await getJson<TranscriptionDto>(
        api.baseUrl,
        cookie,
        `/api/transcriptions/${created.id}`,
      );
      expect(body.status).toBe('completed');
      expect(body.text).toContain('four five six');
      const jobs = await jobsOf(deployment.db, created.id);
      expect(jobs).toEqual([{ state: 'completed', retry_count: 0 }]);
    } finally {
      await deployment.stop();
    }
  });
});
