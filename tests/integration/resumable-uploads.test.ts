import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TranscriptionDto } from '../../src/core/api/transcriptions.js';
import { MESSAGES } from '../../src/core/messages.js';
import { MEGABYTE, PLANS } from '../../src/core/plans.js';
import { resumableUploads, transcriptions } from '../../src/server/db/schema.js';
import { monthlyLimitMessage, storageLimitMessage } from '../../src/server/quota/quota-messages.js';
import { expireResumableUploads } from '../../src/server/uploads/resumable/expire-resumable-uploads.js';
import { makeTempDirectory, makeTone } from '../fixtures/speech/speech-fixtures.js';
import { signUp } from './support/accounts.js';
import { databaseKinds } from './support/databases.js';
import { getJson, listen } from './support/http.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { refusalOf, startCuttingProxy, tusUpload } from './support/tus-client.js';
import { eq, sql } from 'drizzle-orm';

const kinds = await databaseKinds();

let fixtures: Awaited<ReturnType<typeof makeTempDirectory>>;
/** 30 s of tone, 16 kHz mono WAV: about 960 KB of real audio. */
let tone: Buffer;

beforeAll(async () => {
  fixtures = await makeTempDirectory('sonoscript-tus-');
  const tonePath = path.join(fixtures.path, 'tone.wav');
  await makeTone(tonePath, 30);
  tone = await readFile(tonePath);
});
afterAll(async () => {
  await fixtures.remove();
});

describe.each(kinds)('resumable uploads (tus) on %s', (kind) => {
  let app: TestApp;
  let baseUrl: string;

  beforeAll(async () => {
    app = await createTestApp(kind);
    baseUrl = await listen(app);
  });
  afterAll(async () => {
    await app.close();
  });

  const read = async <T>(url: string, cookie: string): Promise<T> => {
    const answer = await getJson<T>(baseUrl, cookie, url);
    expect(answer.status).toBe(200);
    return answer.body;
  };

  /** Every part the uploads left in storage. */
  const storedParts = async () => (await app.storage.list('upload_')).map((object) => object.key);

  it('resumes after the connection is cut mid-body, and the completing PATCH names the transcription', async () => {
    const { cookie } = await signUp(app);
    const proxy = await startCuttingProxy(baseUrl, 400 * 1024);
    try {
      const result = await tusUpload(tone, {
        endpoint: `${proxy.url}/api/uploads`,
        headers: { cookie },
        metadata: { filename: 'interview.wav', language: 'en', speakers: '2' },
      });
      // It went on from what the server had kept, not from the start.
      expect(result.resumedAt.length).toBeGreaterThan(0);
      expect(result.resumedAt[0]).toBeGreaterThan(0);
      expect(result.resumedAt[0]).toBeLessThan(tone.length);
      expect(result.transcriptionId).toMatch(/^[0-9a-f-]{36}$/);
      const transcription = await read<TranscriptionDto>(
        `/api/transcriptions/${result.transcriptionId}`,
        cookie,
      );
      expect(transcription).toMatchObject({
        filename: 'interview.wav',
        fileSize: tone.length,
        status: 'queued',
      });
      // The options in Upload-Metadata reached the job as the form's fields would.
      const [row] = await app.database.db
        .select()
        .from(transcriptions)
        .where(eq(transcriptions.id, result.transcriptionId));
      expect(row).toMatchObject({ speakersRequested: 2, languageRequested: 'en' });
      // The stored audio is the whole file, byte for byte.
      const audio = await fetch(`${baseUrl}/api/transcriptions/${result.transcriptionId}/audio`, {
        headers: { cookie },
      });
      expect(Buffer.from(await audio.arrayBuffer()).equals(tone)).toBe(true);
      expect(await storedParts()).toEqual([]);
    } finally {
      await proxy.close();
    }
  });

  it('answers a repeated final PATCH with the same transcription, counted once', async () => {
    const { cookie } = await signUp(app);
    const result = await tusUpload(tone, {
      endpoint: `${baseUrl}/api/uploads`,
      headers: { cookie },
    });
    const again = await fetch(`${baseUrl}${new URL(result.url, baseUrl).pathname}`, {
      method: 'PATCH',
      headers: {
        cookie,
        'tus-resumable': '1.0.0',
        'upload-offset': String(tone.length),
        'content-type': 'application/offset+octet-stream',
      },
    });
    expect(again.status).toBe(204);
    expect(again.headers.get('x-transcription-id')).toBe(result.transcriptionId);
    const usage = await read<{ transcriptionsThisMonth: number }>('/api/usage', cookie);
    expect(usage.transcriptionsThisMonth).toBe(1);
  });

  it('refuses at creation, from Upload-Length alone, what the plan does not allow: nothing stored', async () => {
    const { cookie, userId } = await signUp(app);
    const create = (length: number, metadata = 'filename YS53YXY=') =>
      fetch(`${baseUrl}/api/uploads`, {
        method: 'POST',
        headers: {
          cookie,
          'tus-resumable': '1.0.0',
          'upload-length': String(length),
          'upload-metadata': metadata,
        },
      });
    const tooLarge = await create(100 * MEGABYTE + 1);
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toEqual({ message: MESSAGES.fileTooLarge });

    const badOption = await create(1000, `filename YS53YXY=,speakers ${btoa('eleven')}`);
    expect(badOption.status).toBe(400);

    // 60 MB declared and not yet sent holds the room: another 60 MB does not fit in 100 MB.
    const first = await create(60 * MEGABYTE);
    expect(first.status).toBe(201);
    const second = await create(60 * MEGABYTE);
    expect(second.status).toBe(403);
    expect(await second.json()).toEqual({ message: storageLimitMessage(PLANS.free) });

    // Abandoning the first (tus termination) gives the room back and deletes what it held.
    const location = first.headers.get('location') ?? '';
    const terminated = await fetch(`${baseUrl}${location}`, {
      method: 'DELETE',
      headers: { cookie, 'tus-resumable': '1.0.0' },
    });
    expect(terminated.status).toBe(204);
    expect((await create(60 * MEGABYTE)).status).toBe(201);

    // The month used up: refused before any byte.
    await app.database.db.execute(
      sql`insert into monthly_transcription_counts (user_id, month, count) values (${userId}, to_char(now() at time zone 'utc', 'YYYY-MM'), 10)
          on conflict (user_id, month) do update set count = 10`,
    );
    const monthDone = await tusUpload(tone, {
      endpoint: `${baseUrl}/api/uploads`,
      headers: { cookie },
    }).then(
      () => undefined,
      (error: unknown) => refusalOf(error),
    );
    expect(monthDone).toEqual({ status: 403, message: monthlyLimitMessage(PLANS.free) });
    expect(await storedParts()).toEqual([]);
  });

  it('refuses the finished upload when the month ran out meanwhile, and drops its bytes', async () => {
    const { cookie, userId } = await signUp(app);
    const half = await tusUpload(tone, {
      endpoint: `${baseUrl}/api/uploads`,
      headers: { cookie },
      stopAfterBytes: 300 * 1024,
    });
    expect(await storedParts()).not.toEqual([]);
    await app.database.db.execute(
      sql`insert into monthly_transcription_counts (user_id, month, count) values (${userId}, to_char(now() at time zone 'utc', 'YYYY-MM'), 10)
          on conflict (user_id, month) do update set count = 10`,
    );
    const refused = await tusUpload(tone, {
      endpoint: `${baseUrl}/api/uploads`,
      uploadUrl: new URL(half.url, baseUrl).toString(),
      headers: { cookie },
    }).then(
      () => undefined,
      (error: unknown) => refusalOf(error),
    );
    expect(refused).toEqual({ status: 403, message: monthlyLimitMessage(PLANS.free) });
    expect(await storedParts()).toEqual([]);
  });

  it('lets nobody else see, continue or delete an upload', async () => {
    const owner = await signUp(app);
    const other = await signUp(app);
    const half = await tusUpload(tone, {
      endpoint: `${baseUrl}/api/uploads`,
      headers: { cookie: owner.cookie },
      stopAfterBytes: 100 * 1024,
    });
    const url = new URL(half.url, baseUrl).toString();
    for (const method of ['HEAD', 'DELETE']) {
      const answer = await fetch(url, {
        method,
        headers: { cookie: other.cookie, 'tus-resumable': '1.0.0' },
      });
      expect(answer.status).toBe(404);
    }
    const anonymous = await fetch(url, { method: 'HEAD', headers: { 'tus-resumable': '1.0.0' } });
    expect(anonymous.status).toBe(401);
    const head = await fetch(url, {
      method: 'HEAD',
      headers: { cookie: owner.cookie, 'tus-resumable': '1.0.0' },
    });
    expect(Number(head.headers.get('upload-offset'))).toBeGreaterThanOrEqual(100 * 1024);
  });

  it('sweeps uploads unfinished after 24 hours: storage reclaimed, nothing counted', async () => {
    const { cookie, userId } = await signUp(app);
    const half = await tusUpload(tone, {
      endpoint: `${baseUrl}/api/uploads`,
      headers: { cookie },
      stopAfterBytes: 200 * 1024,
    });
    const id = new URL(half.url, baseUrl).pathname.split('/').pop() ?? '';
    const parts = (await storedParts()).filter((key) => key.includes(id));
    expect(parts.length).toBeGreaterThan(0);
    // Not yet due: kept.
    expect(await expireResumableUploads({ db: app.database.db, storage: app.storage })).toBe(0);
    const aDayLater = new Date(Date.now() + 24 * 60 * 60 * 1000 + 1000);
    // Uploads other tests left unfinished go too.
    expect(
      await expireResumableUploads({ db: app.database.db, storage: app.storage }, aDayLater),
    ).toBeGreaterThanOrEqual(1);
    expect((await storedParts()).filter((key) => key.includes(id))).toEqual([]);
    const rows = await app.database.db
      .select()
      .from(resumableUploads)
      .where(sql`${resumableUploads.userId} = ${userId}`);
    expect(rows).toEqual([]);
    const head = await fetch(new URL(half.url, baseUrl), {
      method: 'HEAD',
      headers: { cookie, 'tus-resumable': '1.0.0' },
    });
    expect(head.status).toBe(404);
    const usage = await read<{ transcriptionsThisMonth: number; storageBytes: number }>(
      '/api/usage',
      cookie,
    );
    expect(usage).toMatchObject({ transcriptionsThisMonth: 0, storageBytes: 0 });
  });
});
