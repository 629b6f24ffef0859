import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  TranscriptionDto,
  TranscriptionListItemDto,
} from '../../src/core/api/transcriptions.js';
import type { UsageDto } from '../../src/core/api/usage.js';
import { monthlyTranscriptionCounts } from '../../src/server/db/schema.js';
import { startTranscriptionSignals } from '../../src/server/live/transcription-signals.js';
import { utcMonth } from '../../src/server/quota/usage.js';
import { EXCERPT_CHARACTERS } from '../../src/server/transcriptions/transcript-excerpt.js';
import {
  GENERIC_FAILURE,
  processTranscription,
} from '../../src/server/transcriptions/processing/process-transcription.js';
import {
  makeSpeechClip,
  makeTempDirectory,
  type SpeechClip,
} from '../fixtures/speech/speech-fixtures.js';
import { MEETING } from '../fixtures/speech/sentences.js';
import { SAME_ORIGIN, signUp } from './support/accounts.js';
import { databaseKinds } from './support/databases.js';
import { applySegmentEvents, readEventStream, type ReceivedEvent } from './support/event-stream.js';
import { getJson, listen, uploadFile, waitForTranscription } from './support/http.js';
import { makeUserPro } from './support/subscriptions.js';
import { insertTranscript } from './support/transcripts.js';
import { createTestApp, speechOf, type TestApp } from './support/test-app.js';

const kinds = await databaseKinds();

let fixtures: { path: string; remove: () => Promise<void> };
/** About 33 s of speech: a short first part and the rest, so it is seen half done. */
let meeting: SpeechClip;
let short: SpeechClip;

beforeAll(async () => {
  fixtures = await makeTempDirectory('sonoscript-live-');
  meeting = await makeSpeechClip(fixtures.path, 'meeting', MEETING);
  short = await makeSpeechClip(fixtures.path, 'short', [{ say: 'one two three' }]);
});
afterAll(async () => {
  await fixtures.remove();
});

const statuses = (events: readonly ReceivedEvent[]) =>
  events.filter((event) => event.event === 'status').map((event) => event.data);

describe.each(kinds)('live results on %s', (kind) => {
  let app: TestApp;
  let baseUrl: string;

  beforeAll(async () => {
    app = await createTestApp(kind, { env: { RUN_WORKERS: 'true', WORKER_CONCURRENCY: '1' } });
    baseUrl = await listen(app);
  });
  afterAll(async () => {
    await app.close();
  });

  async function proUser() {
    const user = await signUp(app);
    await makeUserPro(app, user.userId);
    return user;
  }

  async function upload(cookie: string): Promise<TranscriptionDto> {
    const response = await uploadFile(baseUrl, cookie, meeting.path, { filename: 'Meeting.wav' });
    expect(response.status).toBe(201);
    return (await response.json()) as TranscriptionDto;
  }

  const eventsUrl = (id: string) => `${baseUrl}/api/transcriptions/${id}/events`;
  const libraryEventsUrl = () => `${baseUrl}/api/transcriptions/events`;

  it('shows the words so far while processing, streams them in order, and resumes from Last-Event-ID', async () => {
    const { cookie } = await proUser();
    const created = await upload(cookie);

    // A first client drops the connection after its first segments; a second resumes from there.
    const first = await readEventStream(
      eventsUrl(created.id),
      { cookie },
      (event) => event.event === 'segments',
    );
    expect(first.status).toBe(200);
    expect(first.contentType).toMatch(/^text\/event-stream/);
    const lastId = first.events.at(-1)?.id ?? '';
    const seenWhileRunning = first.events.at(-1)?.data as { segments: unknown[] };
    expect(seenWhileRunning.segments.length).toBeGreaterThan(0);

    // The plain GET shows the same: segments so far, while still processing.
    const { body: midway } = await getJson<TranscriptionDto>(
      baseUrl,
      cookie,
      `/api/transcriptions/${created.id}`,
    );
    const rest = await readEventStream(eventsUrl(created.id), { cookie, 'last-event-id': lastId });
    const done = await waitForTranscription<TranscriptionDto>(baseUrl, cookie, created.id);
    expect(done.status).toBe('completed');
    expect(done.text).toContain('pizza');

    if (midway.status === 'processing') {
      expect(midway.segments.length).toBeGreaterThan(0);
      expect(done.segments.slice(0, midway.segments.length)).toEqual(midway.segments);
      expect(midway.progress).toBeLessThan(100);
    }

    // Nothing lost, nothing twice: the two streams together build exactly the final transcript.
    // While the job runs, the resumed stream goes on where the first left off; when it completes,
    // the finished transcript comes once more from the start, its speakers now told apart.
    const resumed = rest.events.filter((event) => event.event === 'segments');
    expect(resumed.length).toBeGreaterThan(0);
    for (const event of resumed.slice(0, -1))
      expect((event.data as { from: number }).from).toBeGreaterThan(0);
    expect(resumed.at(-1)?.data).toEqual({ from: 0, segments: done.segments });
    expect(applySegmentEvents([...first.events, ...rest.events])).toEqual(done.segments);
    // In order: progress only goes up, and the stream ends on the status that ends the job.
    const progress = rest.events
      .filter((event) => event.event === 'progress')
      .map((event) => (event.data as { progress: number }).progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.at(-1)).toBe(100);
    expect(rest.events.at(-1)).toMatchObject({ event: 'status', data: { status: 'completed' } });
    expect(statuses(first.events)).not.toContainEqual(
      expect.objectContaining({ status: 'completed' }),
    );

    // A job that has ended: the stream says where it stands and ends at once.
    const after = await readEventStream(eventsUrl(created.id), {
      cookie,
      'last-event-id': rest.events.at(-1)?.id ?? '',
    });
    expect(after.events).toEqual([]);
    const fresh = await readEventStream(eventsUrl(created.id), { cookie });
    expect(applySegmentEvents(fresh.events)).toEqual(done.segments);
    expect(statuses(fresh.events)).toEqual([{ status: 'completed', error: null }]);
  });

  it("the dashboard's stream: each of the user's jobs as it changes, deletions, and nobody else's", async () => {
    const owner = await proUser();
    const stranger = await signUp(app);
    const created = await upload(owner.cookie);
    const strangers = await uploadFile(baseUrl, stranger.cookie, short.path);
    expect(strangers.status).toBe(201);
    const strangersJob = (await strangers.json()) as TranscriptionDto;

    const ended = (id: string) => (event: ReceivedEvent) => {
      const item = event.data as TranscriptionListItemDto;
      return event.event === 'transcription' && item.id === id && item.status === 'completed';
    };
    const [mine, theirs] = await Promise.all([
      readEventStream(libraryEventsUrl(), { cookie: owner.cookie }, ended(created.id)),
      readEventStream(libraryEventsUrl(), { cookie: stranger.cookie }, ended(strangersJob.id)),
    ]);
    expect(mine.status).toBe(200);
    expect(mine.contentType).toMatch(/^text\/event-stream/);
    const items = mine.events.map((event) => event.data as TranscriptionListItemDto);
    expect(new Set(items.map((item) => item.id))).toEqual(new Set([created.id]));
    expect(new Set(theirs.events.map((event) => (event.data as TranscriptionDto).id))).toEqual(
      new Set([strangersJob.id]),
    );
    // The latest line grows while it runs; progress only goes up; the last item is the result.
    const done = await waitForTranscription<TranscriptionDto>(baseUrl, owner.cookie, created.id);
    // Each item carries an excerpt: while processing, the newest words so far (a run of the
    // finished text's words); once completed, the beginning of the text.
    const words = (text: string) => text.replaceAll('…', ' ').split(/\s+/).filter(Boolean);
    const finished = ` ${words(done.text).join(' ')} `;
    const partial = items.filter((item) => item.status === 'processing' && item.excerpt !== '');
    expect(partial.length).toBeGreaterThan(0);
    for (const item of partial) {
      expect(item.excerpt.length).toBeLessThanOrEqual(EXCERPT_CHARACTERS);
      expect(finished).toContain(` ${words(item.excerpt).join(' ')} `);
    }
    expect(words(partial[0]?.excerpt ?? '').length).toBeLessThan(words(done.text).length);
    const progress = items.map((item) => item.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    const last = items.at(-1);
    expect(last).toMatchObject({ status: 'completed', progress: 100 });
    expect(last?.excerpt.length).toBeLessThanOrEqual(EXCERPT_CHARACTERS);
    expect(last?.excerpt.endsWith('…')).toBe(done.text.length > EXCERPT_CHARACTERS);
    expect(done.text.startsWith(last?.excerpt.replace(/…$/, '') ?? '-')).toBe(true);

    // A job deleted elsewhere leaves the list through the stream.
    const queued = await uploadFile(baseUrl, owner.cookie, short.path);
    const queuedJob = (await queued.json()) as TranscriptionDto;
    let deleting: Promise<Response> | undefined;
    const removal = await readEventStream(libraryEventsUrl(), { cookie: owner.cookie }, (event) => {
      deleting ??= fetch(`${baseUrl}/api/transcriptions/${queuedJob.id}`, {
        method: 'DELETE',
        headers: { cookie: owner.cookie, ...SAME_ORIGIN },
      });
      return event.event === 'removed';
    });
    expect((await deleting)?.status).toBe(200);
    expect(removal.events[0]).toMatchObject({ event: 'transcription', data: { id: queuedJob.id } });
    expect(removal.events.at(-1)).toEqual({ id: '', event: 'removed', data: { id: queuedJob.id } });
    expect((await readEventStream(libraryEventsUrl(), {})).status).toBe(401);
  });

  it('answers 404 to anyone but the owner, for the stream and for Cancel', async () => {
    const owner = await proUser();
    const stranger = await signUp(app);
    const created = await upload(owner.cookie);
    const foreign = await readEventStream(eventsUrl(created.id), { cookie: stranger.cookie });
    expect(foreign.status).toBe(404);
    expect(foreign.events).toEqual([]);
    const anonymous = await readEventStream(eventsUrl(created.id), {});
    expect(anonymous.status).toBe(401);
    const cancel = await app.server.inject({
      method: 'POST',
      url: `/api/transcriptions/${created.id}/cancel`,
      headers: { ...SAME_ORIGIN, cookie: stranger.cookie },
    });
    expect(cancel.statusCode).toBe(404);
    const missing = await readEventStream(eventsUrl('no-such-id'), { cookie: owner.cookie });
    expect(missing.status).toBe(404);
    // The owner's job was not touched by any of that; the owner stops it (the worker is free again).
    const untouched = await getJson<TranscriptionDto>(
      baseUrl,
      owner.cookie,
      `/api/transcriptions/${created.id}`,
    );
    expect(['queued', 'processing', 'completed']).toContain(untouched.body.status);
    await app.server.inject({
      method: 'POST',
      url: `/api/transcriptions/${created.id}/cancel`,
      headers: { ...SAME_ORIGIN, cookie: owner.cookie },
    });
  });

  it('cancels a running job: the worker stops, the words so far stay, no retry, the month still counts', async () => {
    const { cookie } = await proUser();
    const created = await upload(cookie);
    // Running, with its first words stored.
    const running = await readEventStream(
      eventsUrl(created.id),
      { cookie },
      (event) => event.event === 'segments',
    );
    expect(running.events.at(-1)?.event).toBe('segments');

    const stream = readEventStream(eventsUrl(created.id), {
      cookie,
      'last-event-id': running.events.at(-1)?.id ?? '',
    });
    const response = await app.server.inject({
      method: 'POST',
      url: `/api/transcriptions/${created.id}/cancel`,
      headers: { ...SAME_ORIGIN, cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<TranscriptionDto>().status).toBe('cancelled');
    // The open stream ends with the cancel.
    expect(statuses((await stream).events).at(-1)).toMatchObject({ status: 'cancelled' });

    // The worker let go of the job: pg-boss has it as done, once, and will not run it again.
    let job: { state: string; retry_count: number } | undefined;
    do {
      if (job) await new Promise((resolve) => setTimeout(resolve, 100));
      const result = await app.database.db.execute(
        sql`SELECT state, retry_count FROM pgboss.job WHERE name = 'transcription' AND singleton_key = ${created.id}`,
      );
      job = (result as unknown as { rows: Array<typeof job> }).rows[0];
    } while (job?.state === 'active');
    expect(job).toEqual({ state: 'completed', retry_count: 0 });

    const { body } = await getJson<TranscriptionDto>(
      baseUrl,
      cookie,
      `/api/transcriptions/${created.id}`,
    );
    expect(body.status).toBe('cancelled');
    expect(body.segments.length).toBeGreaterThan(0);
    expect(body.text).not.toBe('');
    expect(body.progress).toBeLessThan(100);
    const usage = await getJson<UsageDto>(baseUrl, cookie, '/api/usage');
    expect(usage.body.transcriptionsThisMonth).toBe(1);

    const again = await app.server.inject({
      method: 'POST',
      url: `/api/transcriptions/${created.id}/cancel`,
      headers: { ...SAME_ORIGIN, cookie },
    });
    expect(again.statusCode).toBe(409);
  });

  it("retries a failure that is not the user's doing, and gives the month's slot back when it stays", async () => {
    const user = await signUp(app);
    // Queued, counted in this month, and its stored audio gone (a storage outage, not the file's fault).
    const { id } = await insertTranscript(app, user.userId, {
      status: 'queued',
      withoutAudio: true,
    });
    await app.database.db
      .insert(monthlyTranscriptionCounts)
      .values({ userId: user.userId, month: utcMonth(new Date()), count: 1 });
    const signals = await startTranscriptionSignals(app.database);
    const logged: string[] = [];
    const deps = {
      db: app.database.db,
      storage: app.storage,
      workDir: app.workDir,
      engine: speechOf(app).current(),
      signals,
      log: {
        warn: (_: object, message: string) => logged.push(message),
        error: (_: object, message: string) => logged.push(message),
      },
    };
    try {
      const usage = async () => (await getJson<UsageDto>(baseUrl, user.cookie, '/api/usage')).body;
      const read = async () =>
        (await getJson<TranscriptionDto>(baseUrl, user.cookie, `/api/transcriptions/${id}`)).body;

      // An attempt with retries left: thrown for the queue to retry, queued again, nothing blamed.
      const queuedAt = new Date();
      await expect(
        processTranscription(
          deps,
          { transcriptionId: id },
          { retryCount: 0, retryLimit: 3, queuedAt },
        ),
      ).rejects.toThrow(/ENOENT/);
      expect(await read()).toMatchObject({ status: 'queued', error: null });
      expect((await usage()).transcriptionsThisMonth).toBe(1);

      // The last attempt: failed with a message that does not blame the audio, and the slot is back.
      await processTranscription(
        deps,
        { transcriptionId: id },
        { retryCount: 3, retryLimit: 3, queuedAt },
      );
      expect(await read()).toMatchObject({ status: 'failed', error: GENERIC_FAILURE });
      expect((await usage()).transcriptionsThisMonth).toBe(0);
      // Once only: running the ended job again changes nothing.
      await processTranscription(
        deps,
        { transcriptionId: id },
        { retryCount: 3, retryLimit: 3, queuedAt },
      );
      expect((await usage()).transcriptionsThisMonth).toBe(0);
      expect(logged).toContain('transcription attempt failed');
    } finally {
      await signals.close();
    }
  });
});
