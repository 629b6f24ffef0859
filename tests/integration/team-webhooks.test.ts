import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import type { TranscriptionDto } from '../../src/core/api/transcriptions.js';
import type {
  CreatedWebhookDto,
  WebhookDeliveryDto,
  WebhookDto,
} from '../../src/core/api/webhooks.js';
import { auditEvents, webhookDeliveries, webhookEndpoints } from '../../src/server/db/schema.js';
import { makeSpeechClip, makeTempDirectory } from '../fixtures/speech/speech-fixtures.js';
import { SAME_ORIGIN, signUp } from './support/accounts.js';
import { databaseKinds } from './support/databases.js';
import { listen, uploadFile, waitForTranscription } from './support/http.js';
import { addMember } from './support/teams.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver.js';

const kinds = await databaseKinds();
const ALL_EVENTS = ['transcription.completed', 'transcription.failed', 'transcription.deleted'];
const NOT_A_MEMBER = { message: 'No such team, or you are not a member of it.' };
const AS_EDITOR = { message: 'As an editor of this team you cannot do this.' };
const NO_ENDPOINT = { message: 'Webhook endpoint not found.' };

let fixtures: { path: string; remove: () => Promise<void> };
beforeAll(async () => {
  fixtures = await makeTempDirectory('sonoscript-team-webhooks-');
});
afterAll(async () => {
  await fixtures.remove();
});

/** What a receiver got, checked with the `standardwebhooks` verifier as a receiver would. */
function verified(secret: string, delivery: { headers: Record<string, unknown>; body: string }) {
  return new Webhook(secret).verify(delivery.body, {
    'webhook-id': String(delivery.headers['webhook-id']),
    'webhook-timestamp': String(delivery.headers['webhook-timestamp']),
    'webhook-signature': String(delivery.headers['webhook-signature']),
  }) as { type: string; data: Record<string, unknown> };
}

interface Person {
  cookie: string;
  userId: string;
}

describe.each(kinds)('team webhooks (%s)', (kind) => {
  let app: TestApp;
  let baseUrl: string;
  let receiver: WebhookReceiver;
  let owner: Person;
  let admin: Person;
  let editor: Person;
  let outsider: Person;
  let teamId: string;

  const api = async <T>(who: Person, method: string, url: string, body?: unknown) => {
    const response = await fetch(`${baseUrl}${url}`, {
      method,
      headers: {
        cookie: who.cookie,
        ...SAME_ORIGIN,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: (text === '' ? null : JSON.parse(text)) as T };
  };
  const createEndpoint = async (who: Person, url: string, team?: string) => {
    const created = await api<CreatedWebhookDto>(who, 'POST', '/api/webhooks', {
      url,
      events: ALL_EVENTS,
      ...(team === undefined ? {} : { team }),
    });
    expect(created.status).toBe(201);
    return created.body;
  };
  const deliveriesOf = async (id: string) =>
    (await api<WebhookDeliveryDto[]>(admin, 'GET', `/api/webhooks/${id}/deliveries`)).body;
  const receivedAt = (path: string, type: string) =>
    receiver.received.filter((r) => r.url === path && JSON.parse(r.body).type === type);

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    app = await createTestApp(kind, {
      env: {
        URL_IMPORT_ALLOW_HOSTS: '127.0.0.1',
        RUN_WORKERS: 'true',
        WORKER_CONCURRENCY: '1',
      },
    });
    baseUrl = await listen(app);
    [owner, admin, editor, outsider] = await Promise.all([
      signUp(app),
      signUp(app),
      signUp(app),
      signUp(app),
    ]);
    const team = await api<{ id: string }>(owner, 'POST', '/api/teams', { name: 'Podcasts' });
    teamId = team.body.id;
    await addMember(app, teamId, admin.userId, 'admin');
    await addMember(app, teamId, editor.userId, 'editor');
  });
  afterAll(async () => {
    await app.close();
    await receiver.close();
  });

  it('lets the owner and admins add, list, test and delete the team’s endpoints, in its trail; an editor gets 403, an outsider 404', async () => {
    const badUrl = await api<{ message: string }>(admin, 'POST', '/api/webhooks', {
      url: 'https://10.0.0.1/hooks',
      events: ALL_EVENTS,
      team: teamId,
    });
    expect(badUrl.status).toBe(400);

    const endpoint = await createEndpoint(admin, `${receiver.url}?test`, teamId);
    expect(endpoint).toMatchObject({ teamId, events: ALL_EVENTS });
    expect(endpoint.secret).toMatch(/^whsec_/);
    const listed = await api<WebhookDto[]>(owner, 'GET', `/api/webhooks?team=${teamId}`);
    expect(listed.body).toEqual([
      {
        id: endpoint.id,
        url: endpoint.url,
        events: ALL_EVENTS,
        teamId,
        createdAt: endpoint.createdAt,
      },
    ]);
    // A team's endpoint is not one of the admin's own.
    expect((await api<WebhookDto[]>(admin, 'GET', '/api/webhooks')).body).toEqual([]);

    const test = await api<WebhookDeliveryDto>(owner, 'POST', `/api/webhooks/${endpoint.id}/test`);
    expect(test.status).toBe(202);
    await expect
      .poll(async () => (await deliveriesOf(endpoint.id))[0]?.status, { timeout: 30_000 })
      .toBe('delivered');
    const got = receiver.received.find((r) => r.headers['webhook-id'] === test.body.id);
    if (!got) throw new Error('the receiver got no test event');
    expect(verified(endpoint.secret, got).type).toBe('webhook.test');

    for (const [who, answer] of [
      [editor, { status: 403, body: AS_EDITOR }],
      [outsider, { status: 404, body: NOT_A_MEMBER }],
    ] as const) {
      expect(
        await api(who, 'POST', '/api/webhooks', {
          url: receiver.url,
          events: ALL_EVENTS,
          team: teamId,
        }),
      ).toEqual(answer);
      expect(await api(who, 'GET', `/api/webhooks?team=${teamId}`)).toEqual(answer);
      const byId = who === editor ? answer : { status: 404, body: NO_ENDPOINT };
      for (const [method, url] of [
        ['GET', `/api/webhooks/${endpoint.id}/deliveries`],
        ['POST', `/api/webhooks/${endpoint.id}/test`],
        ['DELETE', `/api/webhooks/${endpoint.id}`],
      ] as const)
        expect(await api(who, method, url)).toEqual(byId);
    }
    expect(await api(outsider, 'GET', '/api/webhooks?team=no-such-team')).toEqual({
      status: 404,
      body: NOT_A_MEMBER,
    });
    expect((await deliveriesOf(endpoint.id)).length).toBe(1);

    expect((await api(owner, 'DELETE', `/api/webhooks/${endpoint.id}`)).status).toBe(200);
    expect((await api<WebhookDto[]>(admin, 'GET', `/api/webhooks?team=${teamId}`)).body).toEqual(
      [],
    );
    const trail = await app.database.db
      .select({
        action: auditEvents.action,
        actorId: auditEvents.actorId,
        detail: auditEvents.detail,
      })
      .from(auditEvents)
      .where(eq(auditEvents.teamId, teamId))
      .orderBy(auditEvents.at);
    expect(trail.filter((event) => event.action.startsWith('team.webhook-'))).toEqual([
      {
        action: 'team.webhook-added',
        actorId: admin.userId,
        detail: { url: endpoint.url, events: ALL_EVENTS.join(', ') },
      },
      { action: 'team.webhook-removed', actorId: owner.userId, detail: { url: endpoint.url } },
    ]);
  });

  it('holds a team to 20 endpoints, as an account', async () => {
    await app.database.db.insert(webhookEndpoints).values(
      Array.from({ length: 20 }, (_, index) => ({
        id: `limit-${kind}-${index}`,
        teamId,
        createdBy: admin.userId,
        url: `https://hooks.example.com/${index}`,
        events: ALL_EVENTS,
        secret: 'whsec_AAAA',
      })),
    );
    const refused = await api<{ message: string }>(admin, 'POST', '/api/webhooks', {
      url: receiver.url,
      events: ALL_EVENTS,
      team: teamId,
    });
    expect(refused).toEqual({
      status: 403,
      body: { message: 'A team has at most 20 webhook endpoints: delete one first.' },
    });
    // The admin's own endpoints are counted apart.
    const own = await createEndpoint(admin, receiver.url);
    await api(admin, 'DELETE', `/api/webhooks/${own.id}`);
    await app.database.db.delete(webhookEndpoints).where(eq(webhookEndpoints.teamId, teamId));
  });

  it('tells the team’s endpoints, not the uploader’s own, of a team transcription; after a move, its new library’s; a deleted team’s endpoints go with it', async () => {
    const team = await createEndpoint(admin, `${receiver.url}?team`, teamId);
    const own = await createEndpoint(editor, `${receiver.url}?own`);
    const speech = await makeSpeechClip(fixtures.path, `team-${kind}`, [{ say: 'one two three' }]);
    const response = await uploadFile(baseUrl, editor.cookie, speech.path, {
      extraFields: { team: teamId },
    });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as TranscriptionDto;
    const done = await waitForTranscription<TranscriptionDto>(baseUrl, editor.cookie, id);
    expect(done.status).toBe('completed');

    await expect
      .poll(() => receivedAt('/hooks?team', 'transcription.completed').length, {
        timeout: 30_000,
      })
      .toBe(1);
    const [completed] = receivedAt('/hooks?team', 'transcription.completed');
    if (!completed) throw new Error('the team endpoint got nothing');
    expect(verified(team.secret, completed)).toMatchObject({
      type: 'transcription.completed',
      data: { id, status: 'completed', filename: `team-${kind}.wav` },
    });
    expect(() => verified(own.secret, completed)).toThrow();

    // Moved back to the uploader's own library, its deletion is told to their endpoint only.
    const moved = await api(editor, 'POST', `/api/transcriptions/${id}/move`, { team: null });
    expect(moved.status).toBe(200);
    expect((await api(editor, 'DELETE', `/api/transcriptions/${id}`)).status).toBe(200);
    await expect
      .poll(() => receivedAt('/hooks?own', 'transcription.deleted').length, { timeout: 30_000 })
      .toBe(1);
    const [deleted] = receivedAt('/hooks?own', 'transcription.deleted');
    if (!deleted) throw new Error('the own endpoint got nothing');
    expect(verified(own.secret, deleted).data).toMatchObject({ id, status: 'deleted' });
    const teamDeliveries = await deliveriesOf(team.id);
    expect(teamDeliveries.map((delivery) => delivery.event)).toEqual(['transcription.completed']);
    expect(receiver.received.filter((r) => r.url === '/hooks?own')).toHaveLength(1);

    expect((await api(owner, 'DELETE', `/api/teams/${teamId}`)).status).toBe(204);
    const left = await app.database.db
      .select({ id: webhookEndpoints.id })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, team.id));
    expect(left).toEqual([]);
    const leftDeliveries = await app.database.db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, team.id));
    expect(leftDeliveries).toEqual([]);
    expect((await api<WebhookDto[]>(editor, 'GET', '/api/webhooks')).body).toHaveLength(1);
  });
});
