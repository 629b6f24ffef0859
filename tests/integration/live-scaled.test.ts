import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TranscriptionDto } from '../../src/core/api/transcriptions.js';
import {
  makeSpeechClip,
  makeTempDirectory,
  type SpeechClip,
} from '../fixtures/speech/speech-fixtures.js';
import { MEETING } from '../fixtures/speech/sentences.js';
import { LIVE_TRANSCRIPTION_PATH } from '../../src/core/live-transcription.js';
import { requirePostgres } from './support/databases.js';
import { applySegmentEvents, readEventStream, type ReceivedEvent } from './support/event-stream.js';
import { uploadFile, waitForTranscription } from './support/http.js';
import { opened, openLive, pcmOf } from './support/live-client.js';
import { startScaledDeployment, type ScaledDeployment } from './support/scaled-deployment.js';
import { KEY_CHECK_KEY } from '../../src/server/storage/encryption/encrypting-storage.js';

await requirePostgres();

let fixtures: { path: string; remove: () => Promise<void> };
let meeting: SpeechClip;
let counting: Buffer;
let deployment: ScaledDeployment;

beforeAll(async () => {
  fixtures = await makeTempDirectory('sonoscript-live-scaled-');
  meeting = await makeSpeechClip(fixtures.path, 'meeting', [...MEETING, ...MEETING]);
  const countingClip = await makeSpeechClip(fixtures.path, 'counting', [
    { silence: 0.5 },
    { say: 'one two three four five six seven eight nine ten' },
    { silence: 1.5 },
  ]);
  counting = await pcmOf(countingClip.path);
  deployment = await startScaledDeployment();
});
afterAll(async () => {
  await deployment.stop();
  await fixtures.remove();
});

// Separate worker processes need a shared PostgreSQL: the embedded database serves one process.
async function engineOfApi(): Promise<string> {
  const response = await fetch(`${deployment.api.baseUrl}/api/health`);
  return ((await response.json()) as { engine: string }).engine;
}

async function engineOfApiBecomes(engine: string): Promise<void> {
  while ((await engineOfApi()) !== engine) await new Promise((wake) => setTimeout(wake, 200));
}

describe('live results from a separate worker process', () => {
  it('the live preview of an API process without speech is decoded by a worker process', async () => {
    const { api, db } = deployment;
    // The API process runs no engine of its own: before a worker reports, none serves.
    expect(await engineOfApi()).toBe('none');
    const worker = deployment.startWorker();
    try {
      await engineOfApiBecomes('pocketsphinx');
      const { cookie } = await deployment.signUpPro();
      const wsUrl = `${api.baseUrl.replace('http', 'ws')}${LIVE_TRANSCRIPTION_PATH}`;
      const live = opened(await openLive(wsUrl, { origin: api.baseUrl, cookie }));
      expect(await live.waitFor((message) => message.type === 'ready')).toMatchObject({
        limitSeconds: 300,
        engine: 'pocketsphinx',
      });
      live.sendPcm(counting);
      await live.waitFor(
        (message) => message.type === 'transcript' && message.text.includes('four five six'),
      );
      live.socket.close();
      await live.closed;
      // Each window was a job that keeps nothing: no job left behind, no audio in storage.
      const leftJobs = async () =>
        (
          await db.query<{ count: string }>(
            `SELECT count(*) FROM pgboss.job WHERE name = 'live-window'`,
          )
        ).rows[0]?.count;
      while ((await leftJobs()) !== '0') await new Promise((wake) => setTimeout(wake, 100));
      const stored = await readdir(`${api.dataDir}/audio`).catch(() => []);
      expect(stored.filter((name) => name !== KEY_CHECK_KEY)).toEqual([]);

      // A worker that stops says so: the API process no longer names its engine.
      await worker.kill('SIGTERM');
      await engineOfApiBecomes('none');
    } catch (error) {
      throw new Error(`${String(error)}\nworker output:\n${worker.output()}`, { cause: error });
    }
  }, 120_000);

  it("reach the API process's events stream as the worker makes them (LISTEN/NOTIFY)", async () => {
    const { api } = deployment;
    const worker = deployment.startWorker();
    try {
      const { cookie } = await deployment.signUpPro();
      const response = await uploadFile(api.baseUrl, cookie, meeting.path, {
        filename: 'Meeting.wav',
        origin: api.baseUrl,
      });
      expect(response.status).toBe(201);
      const created = (await response.json()) as TranscriptionDto;

      // The API process runs no job and never polls: every event comes from the worker's signals.
      let seen: ReceivedEvent[] = [];
      const streaming = readEventStream(
        `${api.baseUrl}/api/transcriptions/${created.id}/events`,
        { cookie },
        (_, received) => {
          seen = received;
          return false;
        },
      );
      const done = await waitForTranscription<TranscriptionDto>(
        api.baseUrl,
        cookie,
        created.id,
        240_000,
      );
      expect(done.status).toBe('completed');
      // Once the job is done, its stream ends: it does not wait for anything else.
      const stream = await Promise.race([
        streaming,
        new Promise<never>((_, reject) =>
          setTimeout(
            () => reject(new Error(`stream still open; got ${JSON.stringify(seen)}`)),
            30_000,
          ),
        ),
      ]);
      expect(stream.status).toBe(200);
      expect(applySegmentEvents(stream.events)).toEqual(done.segments);

      const kinds = stream.events.map((event) => event.event);
      // Words arrived in more than one piece, before the end, while progress went up step by step.
      expect(kinds.filter((kind) => kind === 'segments').length).toBeGreaterThan(1);
      expect(kinds.indexOf('segments')).toBeLessThan(kinds.lastIndexOf('progress'));
      expect(kinds.filter((kind) => kind === 'progress').length).toBeGreaterThan(2);
      expect(stream.events.at(-1)).toMatchObject({
        event: 'status',
        data: { status: 'completed' },
      });
    } catch (error) {
      throw new Error(`${String(error)}\nworker output:\n${worker.output()}`, { cause: error });
    }
  }, 300_000);
});
