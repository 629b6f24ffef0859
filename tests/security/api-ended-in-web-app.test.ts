import { eq } from 'drizzle-orm';
import OpenAI, { toFile } from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANCELLED_IN_THE_WEB_APP } from '../../src/server/developer-api/v1.routes.js';
import { DELETED_IN_THE_WEB_APP } from '../../src/server/developer-api/wait-for-transcription.js';
import { transcriptions } from '../../src/server/db/schema.js';
import { wavHeader } from '../fixtures/speech/speech-fixtures.js';
import { SAME_ORIGIN, signUp } from '../integration/support/accounts.js';
import { databaseKinds } from '../integration/support/databases.js';
import { listen } from '../integration/support/http.js';
import { createTestApp, type TestApp } from '../integration/support/test-app.js';

const kinds = await databaseKinds();

/** One second of silence: real audio the upload checks accept. */
const dataBytes = 16_000 * 2;
const silence = Buffer.concat([wavHeader(dataBytes), Buffer.alloc(dataBytes)]);

async function createKey(app: TestApp, cookie: string): Promise<string> {
  const response = await app.server.inject({
    method: 'POST',
    url: '/api/keys',
    headers: { cookie, ...SAME_ORIGIN },
    payload: { name: 'script' },
  });
  return response.json<{ key: string }>().key;
}

/** The id of the user's transcription once its upload is stored (the API then waits on it). */
async function waitForStoredUpload(app: TestApp, userId: string): Promise<string> {
  for (;;) {
    const [row] = await app.database.db
      .select({ id: transcriptions.id })
      .from(transcriptions)
      .where(eq(transcriptions.userId, userId));
    if (row) return row.id;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.each(kinds)('a /v1 transcription ended from the web app, on %s', (kind) => {
  let app: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    // No workers: the transcription stays queued until the web app ends it.
    app = await createTestApp(kind);
    baseUrl = await listen(app);
  });
  afterAll(() => app?.close());

  async function startWaitingRequest() {
    const { cookie, userId } = await signUp(app);
    // A bound short of the test's: without an answer, the SDK gives up and the test fails.
    const openai = new OpenAI({
      apiKey: await createKey(app, cookie),
      baseURL: `${baseUrl}/v1`,
      maxRetries: 0,
      timeout: 60_000,
    });
    const outcome = openai.audio.transcriptions
      .create({ file: await toFile(silence, 'silence.wav'), model: 'whisper-1' })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    const id = await waitForStoredUpload(app, userId);
    return { cookie, id, outcome };
  }

  it('cancelled: the waiting request is answered 409 with OpenAI’s error shape', async () => {
    const { cookie, id, outcome } = await startWaitingRequest();
    const cancel = await app.server.inject({
      method: 'POST',
      url: `/api/transcriptions/${id}/cancel`,
      headers: { cookie, ...SAME_ORIGIN },
    });
    expect(cancel.statusCode).toBe(200);
    const error = await outcome;
    expect(error).toBeInstanceOf(OpenAI.APIError);
    const apiError = error as InstanceType<typeof OpenAI.APIError>;
    expect(apiError.status).toBe(409);
    expect(apiError.code).toBe('transcription_cancelled');
    expect(apiError.message).toContain(CANCELLED_IN_THE_WEB_APP);
  });

  it('deleted: the waiting request is answered 404 at once', async () => {
    const { cookie, id, outcome } = await startWaitingRequest();
    const removed = await app.server.inject({
      method: 'DELETE',
      url: `/api/transcriptions/${id}`,
      headers: { cookie, ...SAME_ORIGIN },
    });
    expect(removed.statusCode).toBe(200);
    const error = await outcome;
    expect(error).toBeInstanceOf(OpenAI.APIError);
    const apiError = error as InstanceType<typeof OpenAI.APIError>;
    expect(apiError.status).toBe(404);
    expect(apiError.code).toBe('transcription_deleted');
    expect(apiError.message).toContain(DELETED_IN_THE_WEB_APP);
  });
});
