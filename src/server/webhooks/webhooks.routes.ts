import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, idParams, okSchema } from '../../core/api/common.js';
import {
  createdWebhookSchema,
  createWebhookBody,
  WEBHOOK_TEST_EVENT,
  webhookDeliverySchema,
  webhookSchema,
} from '../../core/api/webhooks.js';
import { authenticatedUser } from '../accounts/authenticate.js';
import type { DatabaseHandle } from '../db/database.js';
import { AppError } from '../errors/app-error.js';
import { SESSION_OR_KEY_SECURITY } from '../http/api-schemas.js';
import type { JobQueue } from '../jobs/job-queue.js';
import type { OutboundPolicy } from '../outbound/outbound-policy.js';
import { emitWebhookEvent } from './emit-webhook-event.js';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  findWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
} from './webhook-endpoints.repository.js';
import { toCreatedWebhookDto, toWebhookDeliveryDto, toWebhookDto } from './webhook-dto.js';
import { checkWebhookUrl } from './webhook-url.js';

export const WEBHOOK_NOT_FOUND = 'Webhook endpoint not found.';
/** An account's endpoints at most: each event is sent to every one of them. */
export const MAX_WEBHOOK_ENDPOINTS = 20;

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  404: apiErrorSchema,
  429: apiErrorSchema,
};
const documented = { tags: ['Webhooks'], security: SESSION_OR_KEY_SECURITY };
const auth = { auth: 'session-or-key' as const };

export async function webhooksRoutes(
  parent: FastifyInstance,
  options: { database: DatabaseHandle; queue: JobQueue; policy: OutboundPolicy },
) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { database, queue, policy } = options;
  const { db } = database;

  const ownedEndpoint = async (userId: string, id: string) => {
    const endpoint = await findWebhookEndpoint(db, userId, id);
    if (!endpoint) throw new AppError('not_found', WEBHOOK_NOT_FOUND);
    return endpoint;
  };

  app.post(
    '/api/webhooks',
    {
      config: auth,
      schema: {
        ...documented,
        summary: 'Add a webhook endpoint (its signing secret is in this answer only)',
        body: createWebhookBody,
        response: { 201: createdWebhookSchema, 403: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = authenticatedUser(request);
      const url = checkWebhookUrl(policy, request.body.url);
      const existing = await listWebhookEndpoints(db, user.id);
      if (existing.length >= MAX_WEBHOOK_ENDPOINTS)
        throw new AppError(
          'forbidden',
          `An account has at most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints: delete one first.`,
        );
      const row = await createWebhookEndpoint(db, {
        userId: user.id,
        url,
        events: request.body.events,
      });
      return reply.status(201).send(toCreatedWebhookDto(row));
    },
  );

  app.get(
    '/api/webhooks',
    {
      config: auth,
      schema: {
        ...documented,
        summary: 'List your webhook endpoints (never their secrets)',
        response: { 200: z.array(webhookSchema), ...errors },
      },
    },
    async (request) => {
      const user = authenticatedUser(request);
      return (await listWebhookEndpoints(db, user.id)).map(toWebhookDto);
    },
  );

  app.delete(
    '/api/webhooks/:id',
    {
      config: auth,
      schema: {
        ...documented,
        summary: 'Delete a webhook endpoint; its pending deliveries are dropped',
        params: idParams,
        response: { 200: okSchema, ...errors },
      },
    },
    async (request) => {
      const user = authenticatedUser(request);
      if (!(await deleteWebhookEndpoint(db, user.id, request.params.id)))
        throw new AppError('not_found', WEBHOOK_NOT_FOUND);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/webhooks/:id/deliveries',
    {
      config: auth,
      schema: {
        ...documented,
        summary: "An endpoint's latest deliveries: status, answer code, time",
        params: idParams,
        response: { 200: z.array(webhookDeliverySchema), ...errors },
      },
    },
    async (request) => {
      const user = authenticatedUser(request);
      const endpoint = await ownedEndpoint(user.id, request.params.id);
      return (await listWebhookDeliveries(db, endpoint.id)).map(toWebhookDeliveryDto);
    },
  );

  app.post(
    '/api/webhooks/:id/test',
    {
      config: auth,
      schema: {
        ...documented,
        summary: `Send a test event (\`${WEBHOOK_TEST_EVENT}\`) to an endpoint`,
        params: idParams,
        response: { 202: webhookDeliverySchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = authenticatedUser(request);
      const endpoint = await ownedEndpoint(user.id, request.params.id);
      const [deliveryId] = await emitWebhookEvent(
        { database, queue },
        {
          type: WEBHOOK_TEST_EVENT,
          userId: user.id,
          endpointId: endpoint.id,
          data: { endpointId: endpoint.id, message: 'A test event from Settings.' },
        },
      );
      const delivery = (await listWebhookDeliveries(db, endpoint.id)).find(
        (row) => row.id === deliveryId,
      );
      if (!delivery) throw new AppError('not_found', WEBHOOK_NOT_FOUND);
      return reply.status(202).send(toWebhookDeliveryDto(delivery));
    },
  );
}
