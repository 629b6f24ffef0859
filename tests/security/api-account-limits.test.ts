import { eq } from 'drizzle-orm';
import OpenAI, { toFile } from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRateLimitMessage } from '../../src/server/accounts/authenticate.js';
import { apiKeys, transcriptions } from '../../src/server/db/schema.js';
import { tooManyRequestsInFlight } from '../../src/server/developer-api/requests-in-flight.js';
import { wavHeader } from '../fixtures/speech/speech-fixtures.js';
import { SAME_ORIGIN, signUp } from '../integration/support/accounts.js';
import { databaseKinds } from '../integration/support/databases.js';
import { listen } from '../integration/support/http.js';
import { createTestApp, type TestApp } from '../integration/support/test-app.js';

const kinds = await databaseKinds();
const IN_FLIGHT = 2;
const PER_MINUTE = 5;

/** One second of silence: real audio the upload checks accept. */
const dataBytes = 16_000 * 2;
const silence = Buffer.concat([wavHeader(dataBytes), Buffer.alloc(dataBytes)]);

async function createKeys(app: TestApp, cookie: string, count: number): Promise<string[]> {
  const keys: string[] = [];
  for (let index = 0; index < count; index++) {
    const response = await app.server.inject({
      method: 'POST',
      url: '/api/keys',
      headers: { cookie, ...SAME_ORIGIN },
      payload: { name: `script ${index}` },
    });
    keys.push(response.json<{ key: string }>().key);
  }
  return keys;
}

/** The ids of the user's stored uploads, once there are `count` (each then waits on its job). */
async function storedUploads(app: TestApp, userId: string, count: number): Promise<string[]> {
  for (;;) {
    const rows = await app.database.db
      .select({ id: transcriptions.id })
      .from(transcriptions)
      .where(eq(transcriptions.userId, userId));
    if (rows.length >= count) return rows.map((row) => row.id);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.each(kinds)('one account’s share of the developer API, on %s', (kind) => {
  let app: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    // No workers: a transcription request stays open until the web app cancels it.
    app = await createTestApp(kind, {
      env: {
        API_REQUESTS_IN_FLIGHT: String(IN_FLIGHT),
        API_RATE_LIMIT_PER_MINUTE: String(PER_MINUTE),
      },
    });
    baseUrl = await listen(app);
  });
  afterAll(() => app?.close());

  async function transcribe(key: string) {
    const openai = new OpenAI({
      apiKey: key,
      baseURL: `${baseUrl}/v1`,
      maxRetries: 0,
      timeout: 60_000,
    });
    return openai.audio.transcriptions
      .create({ file: await toFile(silence, 'silence.wav'), model: 'whisper-1' })
      .then(
        () => undefined,
        (error: unknown) => error as InstanceType<typeof OpenAI.APIError>,
      );
  }

  async function cancel(cookie: string, id: string) {
    const response = await app.server.inject({
      method: 'POST',
      url: `/api/transcriptions/${id}/cancel`,
      headers: { cookie, ...SAME_ORIGIN },
    });
    expect(response.statusCode).toBe(200);
  }

  it('caps the requests an account has open at once, whichever of its keys they use', async () => {
    const { cookie, userId } = await signUp(app);
    const keys = await createKeys(app, cookie, IN_FLIGHT + 1);
    const open = keys.slice(0, IN_FLIGHT).map((key) => transcribe(key));
    const ids = await storedUploads(app, userId, IN_FLIGHT);

    const refused = await transcribe(keys[IN_FLIGHT] ?? '');
    expect(refused?.status).toBe(429);
    expect(refused?.code).toBe('rate_limit_exceeded');
    expect(refused?.message).toContain(tooManyRequestsInFlight(IN_FLIGHT));
    expect(Number(refused?.headers?.get('retry-after'))).toBeGreaterThan(0);

    // The web app ends one: its request is answered, and its place is free for the next.
    await cancel(cookie, ids[0] ?? '');
    const ended = await Promise.race(open);
    expect(ended?.status).toBe(409);
    const next = transcribe(keys[IN_FLIGHT] ?? '');
    const all = await storedUploads(app, userId, IN_FLIGHT + 1);
    for (const id of all.filter((one) => one !== ids[0])) await cancel(cookie, id);
    expect((await next)?.status).toBe(409);
    expect((await Promise.all(open)).map((error) => error?.status)).toEqual([409, 409]);
  });

  it('counts the per-minute budget per account: more keys bring no more requests', async () => {
    const { cookie, userId } = await signUp(app);
    const keys = await createKeys(app, cookie, 3);
    for (;;) {
      await app.database.db
        .update(apiKeys)
        .set({ rateWindow: 0, rateCount: 0 })
        .where(eq(apiKeys.userId, userId));
      const minute = Math.floor(Date.now() / 60_000);
      const answers: Response[] = [];
      // Two requests per key, six in all: each key is well within its own budget.
      for (let index = 0; index <= PER_MINUTE; index++) {
        answers.push(
          await fetch(`${baseUrl}/v1/models`, {
            headers: { authorization: `Bearer ${keys[index % keys.length]}` },
          }),
        );
      }
      // The minute turned meanwhile: the budget started over, so count again in one minute.
      if (Math.floor(Date.now() / 60_000) !== minute) continue;
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 429]);
      const last = answers[PER_MINUTE];
      const retryAfter = Number(last?.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      const body = (await last?.json()) as { error: { message: string; code: string } };
      expect(body.error).toMatchObject({
        code: 'rate_limit_exceeded',
        message: apiRateLimitMessage(PER_MINUTE, retryAfter),
      });
      return;
    }
  });
});
