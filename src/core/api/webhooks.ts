import { z } from 'zod';
import { transcriptionSchema } from './transcriptions.js';

/** What a webhook endpoint can be told about: a transcription's end, either way, and its deletion. */
export const WEBHOOK_EVENTS = [
  'transcription.completed',
  'transcription.failed',
  'transcription.deleted',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** The event `POST /api/webhooks/:id/test` sends. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_URL_MESSAGE =
  'Give the endpoint a full URL, such as https://example.com/hooks.';
const EVENTS_MESSAGE = `Choose at least one event: ${WEBHOOK_EVENTS.join(', ')}.`;

const TEAM_FIELD = z
  .string({ error: 'team must be a team id.' })
  .min(1, 'team must be a team id.')
  .max(100, 'team must be a team id.')
  .optional();

export const createWebhookBody = z.object({
  url: z.string({ error: WEBHOOK_URL_MESSAGE }).trim().min(1, WEBHOOK_URL_MESSAGE).max(2000),
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { error: EVENTS_MESSAGE }), { error: EVENTS_MESSAGE })
    .min(1, EVENTS_MESSAGE)
    .max(WEBHOOK_EVENTS.length)
    .describe('The events this endpoint receives.'),
  team: TEAM_FIELD.describe(
    "Make it the team's endpoint (you are its owner or an admin): told of the team library's transcriptions. Without it, your own endpoint, told of your own library's.",
  ),
});
export type CreateWebhookBody = z.infer<typeof createWebhookBody>;

/** `GET /api/webhooks?team=`. */
export const listWebhooksQuery = z.object({
  team: TEAM_FIELD.describe(
    "List the team's endpoints (you are its owner or an admin); without it, your own.",
  ),
});

/** An item of `GET /api/webhooks`: never the secret. */
export const webhookSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    events: z.array(z.enum(WEBHOOK_EVENTS)),
    teamId: z.string().nullable().describe('The team whose endpoint it is, or null for your own.'),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'Webhook' });
export type WebhookDto = z.infer<typeof webhookSchema>;

/** `POST /api/webhooks`, and an upload's `webhook_url`: the only answers that hold the secret. */
export const createdWebhookSchema = webhookSchema
  .extend({
    secret: z
      .string()
      .describe(
        'The signing secret (`whsec_…`, Standard Webhooks): shown this once. Verify each delivery’s `webhook-signature` with it.',
      ),
  })
  .meta({ id: 'CreatedWebhook' });
export type CreatedWebhookDto = z.infer<typeof createdWebhookSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'retrying', 'delivered', 'failed'] as const;

/** One event sent (or being sent) to an endpoint. */
export const webhookDeliverySchema = z
  .object({
    id: z.string().describe('The `webhook-id` the endpoint receives.'),
    event: z.string(),
    status: z
      .enum(WEBHOOK_DELIVERY_STATUSES)
      .describe(
        '`pending` before the first attempt, `retrying` after a failed one, `delivered` on a 2xx answer, `failed` once retries ended (24 h).',
      ),
    attempts: z.number().int(),
    responseStatus: z.number().int().nullable().describe('The HTTP status of the last answer.'),
    error: z.string().nullable().describe('Why the last attempt failed, when it did.'),
    createdAt: z.iso.datetime(),
    lastAttemptAt: z.iso.datetime().nullable(),
    nextAttemptAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'WebhookDelivery' });
export type WebhookDeliveryDto = z.infer<typeof webhookDeliverySchema>;

/** The `webhook_url` an API upload may name: told of that one transcription's events. */
export const WEBHOOK_URL_FIELD_DESCRIPTION =
  'An https URL told of this transcription’s `transcription.completed`, `transcription.failed` and `transcription.deleted` events, signed as Standard Webhooks with a secret made for this upload: the answer’s `webhook.secret`, shown once.';

/** `POST /api/transcriptions`'s answer: the transcript, and the upload's own webhook if it named one. */
export const uploadedTranscriptionSchema = transcriptionSchema
  .extend({
    webhook: createdWebhookSchema
      .optional()
      .describe('Present when the upload named a `webhook_url`: its secret is shown this once.'),
  })
  .meta({ id: 'UploadedTranscription' });
