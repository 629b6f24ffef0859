import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TranscriptionDto } from '../../src/core/api/transcriptions.js';
import {
  makeSpeechClip,
  makeTempDirectory,
  type SpeechClip,
} from '../fixtures/speech/speech-fixtures.js';
import { requirePostgres } from './support/databases.js';
import { uploadFile, waitForTranscription } from './support/http.js';
import { startScaledDeployment } from './support/scaled-deployment.js';

await requirePostgres();
let fixtures: { path: string; remove: () => Promise<void> };
let speech: SpeechClip;

beforeAll(async () => {
  fixtures = await makeTempDirectory('sonoscript-priority-');
  speech = await makeSpeechClip(fixtures.path, 'counting', [
    { silence: 0.5 },
    { say: 'one two three four five six seven eight nine ten' },
    { silence: 0.5 },
  ]);
});
afterAll(async () => {
  await fixtures.remove();
});

describe("the Pro plan's priority processing", () => {
  // Jobs wait in the queue only while no worker takes them: a separate worker process, started
  // after the uploads, on a shared PostgreSQL.
  it('a Pro job uploaded after two free jobs is processed before them; the free jobs keep their order', async () => {
    const deployment = await startScaledDeployment();
    try {
      const { api } = deployment;
      const upload = async (cookie: string): Promise<TranscriptionDto> =>
        (await (
          await uploadFile(api.baseUrl, cookie, speech.path, { origin: api.baseUrl })
        ).json()) as TranscriptionDto;
      const free = await deployment.signUp();
      const pro = await deployment.signUpPro();
      const firstFree = await upload(free.cookie);
      const secondFree = await upload(free.cookie);
      const lastPro = await upload(pro.cookie);

      // WORKER_CONCURRENCY=1: one job at a time, so the completion order is the queue's order.
      deployment.startWorker();
      for (const [created, cookie] of [
        [firstFree, free.cookie],
        [secondFree, free.cookie],
        [lastPro, pro.cookie],
      ] as const) {
        const done = await waitForTranscription<TranscriptionDto>(api.baseUrl, cookie, created.id);
        expect(done.status).toBe('completed');
        expect(done.text).toContain('four five six');
      }
      const { rows } = await deployment.db.query<{ id: string }>(
        'SELECT id FROM transcriptions ORDER BY completed_at',
      );
      expect(rows.map((row) => row.id)).toEqual([lastPro.id, firstFree.id, secondFree.id]);
    } finally {
      await deployment.stop();
    }
  });
});
