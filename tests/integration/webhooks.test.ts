import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import type { TranscriptionDto } from '../../src/core/api/transcriptions.js';
import type {
  CreatedWebhookDto,
  WebhookDeliveryDto,
  WebhookDto,
} from '../../src/core/api/webhooks.js';
import { buildApp, type App } from '../../src/server/app.js';
import { webhookEndpoints } from '../../src/server/db/schema.js';
import { WEBHOOK_HTTPS_MESSAGE } from '../../src/server/webhooks/webhook-url.js';
import { makeSpeechClip, makeTempDirectory, makeTone } from '../fixtures/speech/speech-fixtures.js';
import { SAME_ORIGIN, signUp } from './support/accounts.js';
import { databaseKinds } from './support/databases.js';
import { listen, uploadFile, waitForTranscription } from './support/http.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver.js';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

const kinds = await databaseKinds();
const ALL_EVENTS = ['transcription.completed', 'transcription.failed', 'transcription.deleted'];
let fixtures: { path: string; remove: () => Promise<void> };
let tonePath: string;

beforeAll(async () => {
  fixtures = await makeTempDirectory('sonoscript-webhooks-');
  tonePath = path.join(fixtures.path, 'tone.wav');
  await makeTone(tonePath, 2);
});
afterAll(async () => {
  await fixtures.remove();
});

/** The payload a receiver got, checked with the `standardwebhooks` verifier as a receiver would. */
function verified(secret: string, delivery: { headers: Record<string, unknown>; body: string }) {
  const headers = {
    'webhook-id': String(delivery.headers['webhook-id']),
    'webhook-timestamp': String(delivery.headers['webhook-timestamp']),
    'webhook-signature': String(delivery.headers['webhook-signature']),
  };
  return new Webhook(secret).verify(delivery.body, headers) as {
    type: string;
    timestamp: string;
    data: Record<string, unknown>;
  };
}

describe.each(kinds)('webhooks (%s)', (kind) => {
  let app: TestApp;
  let baseUrl: string;
  let headers: Record<string, string>;
  let receiver: WebhookReceiver;

  const api = async <T>(method: string, url: string, body?: unknown, as = headers) => {
    const response = await fetch(`${baseUrl}${url}`, {
      method,
      headers: { ...as, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as T };
  };
  const createEndpoint = async (url: string, events = ALL_EVENTS) => {
    const created = await api<CreatedWebhookDto>('POST', '/api/webhooks', { url, events });
    expect(created.status).toBe(201);
    return created.body;
  };
  const deliveriesOf = async (id: string) =>
    (await api<WebhookDeliveryDto[]>('GET', `/api/webhooks/${id}/deliveries`)).body;
  const waitForDelivery = async (id: string, done: (delivery: WebhookDeliveryDto) => boolean) => {
    await expect
      .poll(async () => (await deliveriesOf(id)).some(done), { timeout: 30_000, interval: 200 })
      .toBe(true);
    return (await deliveriesOf(id)).find(done) as WebhookDeliveryDto;
  };

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    app = await createTestApp(kind, {
      env: { URL_IMPORT_ALLOW_HOSTS: '127.0.0.1', WEBHOOK_RETRY_DELAY_SECONDS: '1' },
    });
    baseUrl = await listen(app);
    const { cookie } = await signUp(app);
    headers = { cookie, ...SAME_ORIGIN };
  });
  afterAll(async () => {
    await app.close();
    await receiver.close();
  });

  it('takes https endpoints only (http for allowed hosts), refuses private addresses written out, and shows the secret once', async () => {
    const refusals: Array<[string, string | RegExp]> = [
      ['http://example.com/hooks', WEBHOOK_HTTPS_MESSAGE],
      ['https://10.0.0.1/hooks', /^10\.0\.0\.1 is a private network address/],
      ['https://192.168.1.1/hooks', /is a private network address/],
      ['https://[::1]/hooks', /^::1 is a loopback address/],
      ['https://169.254.169.254/latest', /link-local address/],
      ['https://[fd00:ec2::254]/latest', /unique-local/],
      ['https://[::ffff:127.0.0.1]/hooks', /loopback address/],
      ['https://localhost/hooks', 'localhost is this server itself: refused.'],
      ['not a url', 'Give the endpoint a full URL, such as https://example.com/hooks.'],
    ];
    for (const [url, message] of refusals) {
      const refused = await api<{ message: string }>('POST', '/api/webhooks', {
        url,
        events: ALL_EVENTS,
      });
      expect(refused.status).toBe(400);
      if (typeof message === 'string') expect(refused.body.message).toBe(message);
      else expect(refused.body.message).toMatch(message);
    }
    const noEvents = await api<{ message: string }>('POST', '/api/webhooks', {
      url: 'https://example.com/hooks',
      events: [],
    });
    expect(noEvents.status).toBe(400);
    expect((await api<WebhookDto[]>('GET', '/api/webhooks')).body).toEqual([]);

    const created = await createEndpoint(receiver.url, ['transcription.completed']);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const listed = await api<Array<Record<string, unknown>>>('GET', '/api/webhooks');
    expect(listed.body).toEqual([
      {
        id: created.id,
        url: receiver.url,
        events: ['transcription.completed'],
        teamId: null,
        createdAt: created.createdAt,
      },
    ]);
    expect(JSON.stringify(listed.body)).not.toContain(created.secret);
    expect((await api('DELETE', `/api/webhooks/${created.id}`)).status).toBe(200);
  });

  it('sends a test event signed per Standard Webhooks, and lists the delivery with its answer', async () => {
    receiver.answerWith(200);
    const endpoint = await createEndpoint(receiver.url);
    const test = await api<WebhookDeliveryDto>('POST', `/api/webhooks/${endpoint.id}/test`);
    expect(test.status).toBe(202);
    expect(test.body).toMatchObject({ event: 'webhook.test', status: 'pending', attempts: 0 });
    const delivered = await waitForDelivery(endpoint.id, (d) => d.status === 'delivered');
    expect(delivered).toMatchObject({
      id: test.body.id,
      responseStatus: 200,
      attempts: 1,
      error: null,
    });
    const got = receiver.received.find((r) => r.headers['webhook-id'] === test.body.id);
    if (!got) throw new Error('the receiver got no test event');
    expect(verified(endpoint.secret, got)).toMatchObject({
      type: 'webhook.test',
      data: { endpointId: endpoint.id },
    });
    expect(() => verified(`whsec_${Buffer.alloc(32, 1).toString('base64')}`, got)).toThrow();
    await api('DELETE', `/api/webhooks/${endpoint.id}`);
  });

  it('retries a delivery the endpoint answered 500, with the same webhook-id, until it is taken', async () => {
    receiver.answerWith(500);
    const endpoint = await createEndpoint(receiver.url);
    const test = await api<WebhookDeliveryDto>('POST', `/api/webhooks/${endpoint.id}/test`);
    const failed = await waitForDelivery(endpoint.id, (d) => d.attempts >= 1);
    expect(failed).toMatchObject({
      status: 'retrying',
      responseStatus: 500,
      error: 'The endpoint answered 500.',
    });
    expect(failed.nextAttemptAt).not.toBeNull();
    receiver.answerWith(200);
    const delivered = await waitForDelivery(endpoint.id, (d) => d.status === 'delivered');
    expect(delivered.responseStatus).toBe(200);
    const attempts = receiver.received.filter((r) => r.headers['webhook-id'] === test.body.id);
    expect(attempts.map((r) => r.answered)).toEqual([
      ...Array<number>(attempts.length - 1).fill(500),
      200,
    ]);
    expect(delivered.attempts).toBe(attempts.length);
    for (const attempt of attempts)
      expect(verified(endpoint.secret, attempt).type).toBe('webhook.test');
    await api('DELETE', `/api/webhooks/${endpoint.id}`);
  });

  it('accepts a name that does not resolve, and shows its deliveries failing', async () => {
    const endpoint = await createEndpoint('https://hooks.does-not-exist.invalid/in');
    await api('POST', `/api/webhooks/${endpoint.id}/test`);
    const failed = await waitForDelivery(endpoint.id, (d) => d.attempts >= 1);
    expect(failed).toMatchObject({
      status: 'retrying',
      responseStatus: null,
      error: 'The host hooks.does-not-exist.invalid could not be found.',
    });
    await api('DELETE', `/api/webhooks/${endpoint.id}`);
  });

  it('checks the resolved address at every delivery: a name that now points at loopback is refused', async () => {
    const endpoint = await createEndpoint('https://hooks.example.com/in');
    // The name's DNS changed after creation: it now resolves to this machine.
    const port = new URL(receiver.url).port;
    await app.database.db
      .update(webhookEndpoints)
      .set({ url: `http://localhost:${port}/hooks` })
      .where(eq(webhookEndpoints.id, endpoint.id));
    const before = receiver.received.length;
    await api('POST', `/api/webhooks/${endpoint.id}/test`);
    const failed = await waitForDelivery(endpoint.id, (d) => d.attempts >= 1);
    expect(failed.error).toMatch(/^localhost resolves to (127\.0\.0\.1|::1), a loopback address/);
    expect(receiver.received.length).toBe(before);
    await api('DELETE', `/api/webhooks/${endpoint.id}`);
  });

  it('tells endpoints and an API upload’s webhook_url that a transcription was deleted', async () => {
    receiver.answerWith(200);
    const account = await createEndpoint(receiver.url, ['transcription.deleted']);
    const quiet = await createEndpoint(receiver.url, ['transcription.completed']);
    const key = await api<{ key: string }>('POST', '/api/keys', { name: 'automation' });
    const bearer = { authorization: `Bearer ${key.body.key}` };
    const audio = new Blob([await readFile(tonePath)], { type: 'audio/wav' });
    const upload = (webhookUrl: string) => {
      const form = new FormData();
      form.append('webhook_url', webhookUrl);
      form.append('audio', audio, 'tone.wav');
      return fetch(`${baseUrl}/api/transcriptions`, {
        method: 'POST',
        headers: bearer,
        body: form,
      });
    };

    const privateHook = await upload('https://10.1.1.1/hooks');
    expect(privateHook.status).toBe(400);
    expect(((await privateHook.json()) as { message: string }).message).toMatch(
      /^10\.1\.1\.1 is a private network address/,
    );

    const response = await upload(`${receiver.url}?job=1`);
    expect(response.status).toBe(201);
    const created = (await response.json()) as TranscriptionDto & { webhook: CreatedWebhookDto };
    expect(created.webhook).toMatchObject({ url: `${receiver.url}?job=1`, events: ALL_EVENTS });
    expect(created.webhook.secret).toMatch(/^whsec_/);
    // The upload's own endpoint is not one of the account's.
    expect((await api<WebhookDto[]>('GET', '/api/webhooks')).body.map((w) => w.id).sort()).toEqual(
      [account.id, quiet.id].sort(),
    );

    await api('DELETE', `/api/transcriptions/${created.id}`, undefined, bearer);
    const toAccount = await waitForDelivery(account.id, (d) => d.status === 'delivered');
    const toJob = await waitForDelivery(created.webhook.id, (d) => d.status === 'delivered');
    for (const [delivery, secret] of [
      [toAccount, account.secret],
      [toJob, created.webhook.secret],
    ] as const) {
      const got = receiver.received.find((r) => r.headers['webhook-id'] === delivery.id);
      if (!got) throw new Error('the receiver did not get the deletion');
      expect(verified(secret, got)).toMatchObject({
        type: 'transcription.deleted',
        data: { id: created.id, status: 'deleted' },
      });
    }
    expect(await deliveriesOf(quiet.id)).toEqual([]);
    await api('DELETE', `/api/webhooks/${account.id}`);
    await api('DELETE', `/api/webhooks/${quiet.id}`);
  });

  it('answers 404 for another account’s endpoint', async () => {
    const endpoint = await createEndpoint(receiver.url);
    const other = await signUp(app);
    const as = { cookie: other.cookie, ...SAME_ORIGIN };
    for (const [method, url] of [
      ['DELETE', `/api/webhooks/${endpoint.id}`],
      ['POST', `/api/webhooks/${endpoint.id}/test`],
      ['GET', `/api/webhooks/${endpoint.id}/deliveries`],
    ] as const) {
      const answer = await api<{ message: string }>(method, url, undefined, as);
      expect(answer).toEqual({ status: 404, body: { message: 'Webhook endpoint not found.' } });
    }
    expect((await api<WebhookDto[]>('GET', '/api/webhooks', undefined, as)).body).toEqual([]);
    await api('DELETE', `/api/webhooks/${endpoint.id}`);
  });

  it('keeps a delivery that is due across a restart of the process, and delivers it after', async () => {
    receiver.answerWith(503);
    const endpoint = await createEndpoint(receiver.url);
    const test = await api<WebhookDeliveryDto>('POST', `/api/webhooks/${endpoint.id}/test`);
    await waitForDelivery(endpoint.id, (d) => d.attempts >= 1);
    await app.server.close();
    receiver.answerWith(200);
    const restarted: App = await buildApp({
      config: app.config,
      database: app.database,
      logger: false,
    });
    try {
      await restarted.server.listen({ port: 0, host: '127.0.0.1' });
      const address = restarted.server.server.address();
      if (!address || typeof address === 'string') throw new Error('no address');
      baseUrl = `http://127.0.0.1:${address.port}`;
      const delivered = await waitForDelivery(endpoint.id, (d) => d.status === 'delivered');
      expect(delivered.id).toBe(test.body.id);
      const last = receiver.received.filter((r) => r.headers['webhook-id'] === test.body.id).at(-1);
      expect(last?.answered).toBe(200);
    } finally {
      await restarted.server.close();
    }
  });
});

describe.each(kinds)('transcription.completed (%s)', (kind) => {
  let app: TestApp;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    app = await createTestApp(kind, {
      env: { URL_IMPORT_ALLOW_HOSTS: '127.0.0.1', RUN_WORKERS: 'true', WORKER_CONCURRENCY: '1' },
    });
  });
  afterAll(async () => {
    await app.close();
    await receiver.close();
  });

  it('is sent, signed, to the account’s endpoint and to the upload’s webhook_url once the job ends', async () => {
    const baseUrl = await listen(app);
    const { cookie } = await signUp(app);
    const speech = await makeSpeechClip(fixtures.path, `done-${kind}`, [{ say: 'one two three' }]);
    const endpoint = (await (
      await fetch(`${baseUrl}/api/webhooks`, {
        method: 'POST',
        headers: { cookie, ...SAME_ORIGIN, 'content-type': 'application/json' },
        body: JSON.stringify({ url: receiver.url, events: ['transcription.completed'] }),
      })
    ).json()) as CreatedWebhookDto;
    const response = await uploadFile(baseUrl, cookie, speech.path, {
      extraFields: { webhook_url: `${receiver.url}?job` },
    });
    expect(response.status).toBe(201);
    const created = (await response.json()) as TranscriptionDto & { webhook: CreatedWebhookDto };
    const done = await waitForTranscription<TranscriptionDto>(baseUrl, cookie, created.id);
    expect(done.status).toBe('completed');
    for (const [secret, path] of [
      [endpoint.secret, '/hooks'],
      [created.webhook.secret, '/hooks?job'],
    ] as const) {
      await expect
        .poll(() => receiver.received.some((r) => r.url === path), { timeout: 30_000 })
        .toBe(true);
      const got = receiver.received.find((r) => r.url === path);
      if (!got) throw new Error(`nothing was delivered to ${path}`);
      expect(verified(secret, got)).toMatchObject({
        type: 'transcription.completed',
        data: { id: created.id, status: 'completed', filename: `done-${kind}.wav` },
      });
    }
  });
});
