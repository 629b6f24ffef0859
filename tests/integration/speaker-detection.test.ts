import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TranscriptionDto } from '../../src/core/api/transcriptions.js';
import { speakersInOrder } from '../../src/core/speakers.js';
import { transcriptions } from '../../src/server/db/schema.js';
import { createPocketSphinxEngine } from '../../src/server/speech/engines/pocketsphinx/pocketsphinx-engine.js';
import type { SpeechEngine } from '../../src/server/speech/engines/engine.js';
import { startTranscriptionSignals } from '../../src/server/live/transcription-signals.js';
import { processTranscription } from '../../src/server/transcriptions/processing/process-transcription.js';
import { signUp } from './support/accounts.js';
import { getJson, listen, uploadFile } from './support/http.js';
import { makeUserPro } from './support/subscriptions.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { speakersDataDirectory } from '../fixtures/speech/dev-set.js';

const SPEAKERS_DATA = speakersDataDirectory();

/** Real readers taking turns (shared/data/speakers), through the job that processes an upload. */
describe('speaker detection on real speech', () => {
  let app: TestApp;
  let baseUrl: string;
  let user: { cookie: string; userId: string };
  let engine: SpeechEngine;

  beforeAll(async () => {
    // No workers: each test runs the processing job itself, after setting what the upload asked.
    app = await createTestApp('pglite');
    engine = createPocketSphinxEngine({ parallelism: 1 });
    baseUrl = await listen(app);
    user = await signUp(app);
    await makeUserPro(app, user.userId);
  });
  afterAll(async () => {
    await engine.close();
    await app.close();
  });

  async function transcribe(
    file: string,
    speakersRequested: number | null,
  ): Promise<TranscriptionDto> {
    const response = await uploadFile(baseUrl, user.cookie, path.join(SPEAKERS_DATA, file));
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as TranscriptionDto;
    await app.database.db
      .update(transcriptions)
      .set({ speakersRequested })
      .where(eq(transcriptions.id, id));
    const signals = await startTranscriptionSignals(app.database);
    const errors: string[] = [];
    try {
      await processTranscription(
        {
          db: app.database.db,
          storage: app.storage,
          workDir: app.workDir,
          engine,
          signals,
          log: {
            warn: () => undefined,
            error: (_: object, message: string) => errors.push(message),
          },
        },
        { transcriptionId: id },
        { retryCount: 0, retryLimit: 0, queuedAt: new Date() },
      );
    } finally {
      await signals.close();
    }
    expect(errors).toEqual([]);
    const { body } = await getJson<TranscriptionDto>(
      baseUrl,
      user.cookie,
      `/api/transcriptions/${id}`,
    );
    expect(body.status).toBe('completed');
    return body;
  }

  it('gives a conversation of two readers two speakers, taking turns, in order of first appearance', async () => {
    const done = await transcribe('conversation-03-2-speakers.flac', null);
    expect(speakersInOrder(done.segments)).toEqual(['Speaker 1', 'Speaker 2']);
    // The first reader opens (0-3.3 s) and the second answers (3.8-9.3 s).
    const at = (time: number) =>
      done.segments.find((segment) => segment.start <= time && time < segment.end)?.speaker;
    const speakerAt = (time: number) =>
      at(time) ?? done.segments.find((segment) => segment.start >= time)?.speaker;
    expect(speakerAt(1)).toBe('Speaker 1');
    expect(speakerAt(6)).toBe('Speaker 2');
    expect(speakerAt(12)).toBe('Speaker 1');
  });

  it('gives a recording of one reader one speaker', async () => {
    const done = await transcribe('conversation-02-1-speaker.flac', null);
    expect(done.segments.length).toBeGreaterThan(1);
    expect(speakersInOrder(done.segments)).toEqual(['Speaker 1']);
  });

  it('finds exactly as many speakers as the upload asked for', async () => {
    const done = await transcribe('conversation-01-1-speaker.flac', 2);
    expect(speakersInOrder(done.segments)).toEqual(['Speaker 1', 'Speaker 2']);
    const threeReaders = await transcribe('conversation-11-3-speakers.flac', 2);
    expect(speakersInOrder(threeReaders.segments)).toEqual(['Speaker 1', 'Speaker 2']);
  });
});
