import { statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { CurrentUser } from '../../src/core/api/account.js';
import type { TranscriptionListItemDto } from '../../src/core/api/transcriptions.js';
import type { UsageDto } from '../../src/core/api/usage.js';
import { post, startCheckout } from '../fixtures/stripe/billing-calls.js';
import { makeTempDirectory, makeTone } from '../fixtures/speech/speech-fixtures.js';
import { SAME_ORIGIN, signUp } from './support/accounts.js';
import { databaseKinds } from './support/databases.js';
import { listen, uploadFile } from './support/http.js';
import { createTestApp, type TestApp } from './support/test-app.js';

// The plan, the usage and the list are polled and answered from memory where they can be:
// whatever billing, an upload or the user's own change does must show on the very next read, and
// what a worker or another process changes as soon as the database has announced it.
const kinds = await databaseKinds();
const card = { number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' };

describe.each(kinds)('plan and usage stay fresh on %s', (kind) => {
  let app: TestApp;
  let baseUrl: string;
  let fixtures: { path: string; remove: () => Promise<void> };
  let wav: string;

  beforeAll(async () => {
    app = await createTestApp(kind, { env: { RUN_WORKERS: 'false' } });
    baseUrl = await listen(app);
    fixtures = await makeTempDirectory('sonoscript-freshness-');
    wav = path.join(fixtures.path, 'tone.wav');
    await makeTone(wav);
  });
  afterAll(async () => {
    await app?.close();
    await fixtures?.remove();
  });

  const read = async <T>(cookie: string, url: string): Promise<T> => {
    const response = await app.server.inject({ url, headers: { cookie } });
    expect(response.statusCode).toBe(200);
    return response.json<T>();
  };

  it('paying makes the user Pro on the next read; cancelling and the period ending make them free', async () => {
    const { cookie, clientSecret } = await startCheckout(app);
    // Read twice: the free plan is now remembered.
    for (let check = 0; check < 2; check++) {
      expect((await read<CurrentUser>(cookie, '/api/auth/user')).isPaid).toBe(false);
      expect((await read<UsageDto>(cookie, '/api/usage')).plan).toBe('free');
    }
    const paid = await post(app, cookie, '/api/billing/test-mode/confirm-payment', {
      clientSecret,
      card,
    });
    expect(paid.statusCode).toBe(200);
    expect((await read<CurrentUser>(cookie, '/api/auth/user')).isPaid).toBe(true);
    expect((await read<UsageDto>(cookie, '/api/usage')).plan).toBe('pro');

    expect((await post(app, cookie, '/api/billing/subscription/cancel')).statusCode).toBe(200);
    expect((await read<UsageDto>(cookie, '/api/usage')).plan).toBe('pro');
    const ended = await post(app, cookie, '/api/billing/test-mode/clock/advance', { days: 35 });
    expect(ended.statusCode).toBe(200);
    expect((await read<CurrentUser>(cookie, '/api/auth/user')).isPaid).toBe(false);
    expect((await read<UsageDto>(cookie, '/api/usage')).plan).toBe('free');
  });

  it('an upload moves the month count and the storage on the next read', async () => {
    const { cookie } = await signUp(app);
    const before = await read<UsageDto>(cookie, '/api/usage');
    expect(before).toMatchObject({ transcriptionsThisMonth: 0, storageBytes: 0 });
    const upload = await uploadFile(baseUrl, cookie, wav);
    expect(upload.status).toBe(201);
    expect(await read<UsageDto>(cookie, '/api/usage')).toMatchObject({
      transcriptionsThisMonth: 1,
      storageBytes: statSync(wav).size,
    });
  });

  it('a delete shows in the list and the usage on the next read', async () => {
    const { cookie } = await signUp(app);
    const upload = await uploadFile(baseUrl, cookie, wav);
    const { id } = (await upload.json()) as { id: string };
    for (let check = 0; check < 2; check++) {
      expect(await read<TranscriptionListItemDto[]>(cookie, '/api/transcriptions')).toHaveLength(1);
      expect((await read<UsageDto>(cookie, '/api/usage')).storageBytes).toBe(statSync(wav).size);
    }
    const deleted = await app.server.inject({
      method: 'DELETE',
      url: `/api/transcriptions/${id}`,
      headers: { cookie, ...SAME_ORIGIN },
    });
    expect(deleted.statusCode).toBe(200);
    expect(await read<TranscriptionListItemDto[]>(cookie, '/api/transcriptions')).toEqual([]);
    expect(await read<UsageDto>(cookie, '/api/usage')).toMatchObject({
      transcriptionsThisMonth: 1,
      storageBytes: 0,
    });
  });

  it('what a worker or another process writes reaches the list and the usage without a request', async () => {
    const { cookie } = await signUp(app);
    const upload = await uploadFile(baseUrl, cookie, wav);
    const { id } = (await upload.json()) as { id: string };
    const listed = async () =>
      (await read<TranscriptionListItemDto[]>(cookie, '/api/transcriptions'))[0];
    for (let check = 0; check < 2; check++) {
      expect(await listed()).toMatchObject({ filename: 'tone.wav', status: 'queued' });
      expect((await read<UsageDto>(cookie, '/api/usage')).transcriptionsThisMonth).toBe(1);
    }
    // Straight to the database, as a worker process does: no route of this process sees it.
    await app.database.db.execute(
      sql`UPDATE transcriptions SET status = 'completed', text = 'Done elsewhere.', file_size = 1234 WHERE id = ${id}`,
    );
    await app.database.db.execute(
      sql`UPDATE monthly_transcription_counts SET count = 7 WHERE user_id = (SELECT user_id FROM transcriptions WHERE id = ${id})`,
    );
    await expect.poll(listed, { timeout: 5_000 }).toMatchObject({ status: 'completed' });
    await expect
      .poll(() => read<UsageDto>(cookie, '/api/usage'), { timeout: 5_000 })
      .toMatchObject({ transcriptionsThisMonth: 7, storageBytes: 1234 });
  });
});
