import { and, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BULK_IDS_MESSAGE,
  type BulkResultDto,
  TOO_MANY_BULK_IDS_MESSAGE,
} from '../../src/core/api/bulk-actions.js';
import type { TranscriptVersionListDto } from '../../src/core/api/transcript-versions.js';
import type { TranscriptionDto } from '../../src/core/api/transcriptions.js';
import {
  monthlyTranscriptionCounts,
  transcriptions,
  webhookDeliveries,
  webhookEndpoints,
} from '../../src/server/db/schema.js';
import { utcMonth } from '../../src/server/quota/usage.js';
import { NOT_RESTORABLE } from '../../src/server/transcriptions/trash/restore-deleted-transcription.js';
import { signUp } from './support/accounts.js';
import { databaseKinds } from './support/databases.js';
import {
  asUser,
  insertTranscript,
  patchTranscript,
  readTranscript,
  SAMPLE_SEGMENTS,
} from './support/transcripts.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const kinds = await databaseKinds();
const NOT_FOUND = 'Transcription not found';
const MONTHLY_LIMIT =
  'Monthly limit reached: the Free plan includes 10 transcriptions per month. Upgrade to Pro for unlimited transcriptions, or wait until next month.';
const ACTIONS = ['bulk-delete', 'bulk-restore', 'bulk-retranscribe'] as const;

describe.each(kinds)('bulk actions on the library, on %s', (kind) => {
  let app: TestApp;

  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(async () => {
    await app.close();
  });

  const bulk = (cookie: string, action: (typeof ACTIONS)[number], payload: object) =>
    app.server.inject({
      method: 'POST',
      url: `/api/transcriptions/${action}`,
      headers: asUser(cookie),
      payload,
    });
  const listedIds = async (cookie: string) =>
    (await app.server.inject({ url: '/api/transcriptions', headers: asUser(cookie) }))
      .json<Array<{ id: string }>>()
      .map((item) => item.id)
      .sort();
  const threeOf = async (userId: string) =>
    Promise.all([1, 2, 3].map(() => insertTranscript(app, userId).then(({ id }) => id)));

  it.each(ACTIONS)('%s takes 1 to 500 ids and says so otherwise', async (action) => {
    const owner = await signUp(app);
    for (const [payload, message] of [
      [{ ids: [] }, BULK_IDS_MESSAGE],
      [{}, BULK_IDS_MESSAGE],
      [{ ids: 'one' }, BULK_IDS_MESSAGE],
      [{ ids: Array.from({ length: 501 }, () => randomUUID()) }, TOO_MANY_BULK_IDS_MESSAGE],
    ] as const) {
      const refused = await bulk(owner.cookie, action, payload);
      expect(refused.statusCode).toBe(400);
      expect(refused.json<{ message: string }>().message).toBe(message);
    }
    const unsigned = await app.server.inject({
      method: 'POST',
      url: `/api/transcriptions/${action}`,
      payload: { ids: ['x'] },
    });
    expect(unsigned.statusCode).toBe(401);
  });

  it('deletes many (webhooks told), undoes them, and refuses others’ ids and unknown ones alike', async () => {
    const owner = await signUp(app);
    const other = await signUp(app);
    const ids = await threeOf(owner.userId);
    const [othersId] = await threeOf(other.userId);
    const unknown = randomUUID();
    const endpointId = randomUUID();
    await app.database.db.insert(webhookEndpoints).values({
      id: endpointId,
      userId: owner.userId,
      url: 'https://hooks.example.com/in',
      events: ['transcription.deleted'],
      secret: 'whsec_dGVzdA==',
    });

    // The maximum is allowed; repeats count once.
    const padded = [...ids, ids[0] as string, othersId as string, unknown];
    padded.push(...Array.from({ length: 500 - padded.length }, () => unknown));
    const deleted = await bulk(owner.cookie, 'bulk-delete', { ids: padded });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json<BulkResultDto>()).toEqual({
      done: ids,
      refused: [
        { id: othersId, message: NOT_FOUND },
        { id: unknown, message: NOT_FOUND },
      ],
    });
    expect(await listedIds(owner.cookie)).toEqual([]);
    expect(await listedIds(other.cookie)).toHaveLength(3);
    const told = await app.database.db
      .select({ event: webhookDeliveries.event, payload: webhookDeliveries.payload })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpointId));
    expect(told.map((delivery) => delivery.event)).toEqual(ids.map(() => 'transcription.deleted'));
    expect(told.map((delivery) => (delivery.payload.data as { id: string }).id).sort()).toEqual(
      [...ids].sort(),
    );

    // Deleting again: already gone, refused one by one.
    expect((await bulk(owner.cookie, 'bulk-delete', { ids })).json<BulkResultDto>()).toEqual({
      done: [],
      refused: ids.map((id) => ({ id, message: NOT_FOUND })),
    });

    // Someone else cannot undo them, nor learn they exist.
    expect(
      (await bulk(other.cookie, 'bulk-restore', { ids: [ids[0]] })).json<BulkResultDto>(),
    ).toEqual({ done: [], refused: [{ id: ids[0], message: NOT_FOUND }] });

    const restored = await bulk(owner.cookie, 'bulk-restore', { ids: [...ids, othersId] });
    expect(restored.statusCode).toBe(200);
    expect(restored.json<BulkResultDto>()).toEqual({
      done: ids,
      refused: [{ id: othersId, message: NOT_FOUND }],
    });
    expect(await listedIds(owner.cookie)).toEqual([...ids].sort());

    // A transcript that was never deleted has nothing to undo.
    expect(
      (await bulk(owner.cookie, 'bulk-restore', { ids: [ids[1]] })).json<BulkResultDto>(),
    ).toEqual({ done: [], refused: [{ id: ids[1], message: NOT_RESTORABLE }] });

    // Past the undo window: refused, still gone.
    await bulk(owner.cookie, 'bulk-delete', { ids: [ids[2]] });
    await app.database.db
      .update(transcriptions)
      .set({ deletedAt: new Date(Date.now() - 5 * 60 * 1000) })
      .where(eq(transcriptions.id, ids[2] as string));
    expect(
      (await bulk(owner.cookie, 'bulk-restore', { ids: [ids[2]] })).json<BulkResultDto>(),
    ).toEqual({ done: [], refused: [{ id: ids[2], message: NOT_RESTORABLE }] });
    expect(await listedIds(owner.cookie)).toEqual([ids[0], ids[1]].sort());
  });

  it('transcribes many again within the plan, keeping an edited transcript’s corrections as a version', async () => {
    const owner = await signUp(app);
    const other = await signUp(app);
    const ids = await threeOf(owner.userId);
    const [othersId] = await threeOf(other.userId);
    const [edited, plain, third] = ids as [string, string, string];
    const corrected = [
      { start: 0, end: 4.2, text: 'Welcome to the quarterly budget review.' },
      ...SAMPLE_SEGMENTS.slice(1),
    ];
    expect(
      (await patchTranscript(app, owner.cookie, edited, { segments: corrected, version: 1 }))
        .statusCode,
    ).toBe(200);
    // One transcription left this month on the Free plan.
    await app.database.db
      .insert(monthlyTranscriptionCounts)
      .values({ userId: owner.userId, month: utcMonth(new Date()), count: 8 })
      .onConflictDoUpdate({
        target: [monthlyTranscriptionCounts.userId, monthlyTranscriptionCounts.month],
        set: { count: 8 },
      });

    const response = await bulk(owner.cookie, 'bulk-retranscribe', {
      ids: [edited, plain, othersId, third],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<BulkResultDto>()).toEqual({
      done: [edited, plain],
      refused: [
        { id: othersId, message: NOT_FOUND },
        { id: third, message: MONTHLY_LIMIT },
      ],
    });
    const statusOf = async (id: string) => (await readTranscript(app, owner.cookie, id)).status;
    expect(await statusOf(edited)).toBe('queued');
    expect(await statusOf(plain)).toBe('queued');
    expect(await statusOf(third)).toBe('completed');
    const [count] = await app.database.db
      .select({ count: monthlyTranscriptionCounts.count })
      .from(monthlyTranscriptionCounts)
      .where(
        and(
          eq(monthlyTranscriptionCounts.userId, owner.userId),
          eq(monthlyTranscriptionCounts.month, utcMonth(new Date())),
        ),
      );
    expect(count?.count).toBe(10);

    // The corrected state is kept, to restore once the new run is done.
    const versions = await app.server.inject({
      url: `/api/transcriptions/${edited}/versions`,
      headers: asUser(owner.cookie),
    });
    const kept = versions.json<TranscriptVersionListDto>().versions;
    expect(kept.map((version) => version.kind)).toEqual(['edited', 'transcribed']);
    expect(kept[0]?.number).toBe(2);

    // A second request while they wait: refused as still running.
    const again = await bulk(owner.cookie, 'bulk-retranscribe', { ids: [edited] });
    expect(again.json<BulkResultDto>().refused[0]?.message).toMatch(/still being processed/);
    // Someone else's transcript is untouched.
    expect((await readTranscript(app, other.cookie, othersId as string)).status).toBe(
      'completed' satisfies TranscriptionDto['status'],
    );
  });
});
