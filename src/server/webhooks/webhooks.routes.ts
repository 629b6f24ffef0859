import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, idParams, okSchema } from '../../core/api/common.js';
import {
  createdWebhookSchema,
  createWebhookBody,
  listWebhooksQuery,
  WEBHOOK_TEST_EVENT,
  webhookDeliverySchema,
  webhookSchema,
} from '../../core/api/webhooks.js';
import { authenticatedUser } from '../accounts/authenticate.js';
import type { DatabaseHandle } from '../db/database.js';
import { AppError } from '../errors/app-error.js';
import { teamActorOf } from '../teams/team-actor.js';
import { SESSION_OR_KEY_SECURITY } from '../http/api-schemas.js';
import type { JobQueue } from '../jobs/job-queue.js';
import type { OutboundPolicy } from '../outbound/outbound-policy.js';
import { emitWebhookEvent } from './emit-webhook-event.js';
import {
  addWebhookEndpoint,
  managedWebhookEndpoint,
  removeWebhookEndpoint,
  WEBHOOK_NOT_FOUND,
  webhookOwnerOf,
} from './manage-webhook-endpoints.js';
import { listWebhookDeliveries, listWebhookEndpoints } from './webhook-endpoints.repository.js';
import { toCreatedWebhookDto, toWebhookDeliveryDto, toWebhookDto } from './webhook-dto.js';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
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

  app.post(
    '/api/webhooks',
    {
      config: auth,
      schema: {
        ...documented,
        summary:
          "Add a webhook endpoint, yours or with `team` the team's (its signing secret is in this answer only)",
        body: createWebhookBody,
        response: { 201: createdWebhookSchema, ...errors },
      },
    },
    async (request, reply) => {
      const actor = await teamActorOf(db, authenticatedUser(request));
      const row = await addWebhookEndpoint(db, policy, actor, request.body);
      return reply.status(201).send(toCreatedWebhookDto(row));
    },
  );

  app.get(
    '/api/webhooks',
    {
      config: auth,
      schema: {
        ...documented,
        summary: "List your webhook endpoints, or with `team` the team's (never their secrets)",
        querystring: listWebhooksQuery,
        response: { 200: z.array(webhookSchema), ...errors },
      },
    },
    async (request) => {
      const user = authenticatedUser(request);
      const owner = await webhookOwnerOf(db, user.id, request.query.team);
      return (await listWebhookEndpoints(db, owner)).map(toWebhookDto);
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
      const actor = await teamActorOf(db, authenticatedUser(request));
      await removeWebhookEndpoint(db, actor, request.params.id);
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
      const endpoint = await managedWebhookEndpoint(db, user.id, request.params.id);
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
      const endpoint = await managedWebhookEndpoint(db, user.id, request.params.id);
      const [deliveryId] = await emitWebhookEvent(
        { database, queue },
        {
          type: WEBHOOK_TEST_EVENT,
          to: { endpointId: endpoint.id },
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
