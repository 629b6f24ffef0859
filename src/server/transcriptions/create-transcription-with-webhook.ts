import { randomUUID } from 'node:crypto';
import { type CreatedWebhookDto, WEBHOOK_EVENTS } from '../../core/api/webhooks.js';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
} from '../webhooks/webhook-endpoints.repository.js';
import { toCreatedWebhookDto } from '../webhooks/webhook-dto.js';
import type { TranscriptionRow } from './transcription.repository.js';
import { createTranscription, type CreateTranscriptionDeps } from './create-transcription.js';

type CreateInput = Parameters<typeof createTranscription>[1];

/**
 * An upload that names a `webhook_url`: the endpoint, with a secret of its own, is saved before the
 * transcription exists (so no event can come before it), and removed again if the upload is
 * refused. The secret is in this answer only.
 */
export async function createTranscriptionWithWebhook(
  deps: CreateTranscriptionDeps,
  input: CreateInput,
  webhookUrl: string | undefined,
): Promise<{ row: TranscriptionRow; webhook?: CreatedWebhookDto }> {
  if (webhookUrl === undefined) return { row: await createTranscription(deps, input) };
  const id = randomUUID();
  const { db } = deps.database;
  const endpoint = await createWebhookEndpoint(db, {
    owner: { userId: input.userId },
    createdBy: input.userId,
    url: webhookUrl,
    events: WEBHOOK_EVENTS,
    transcriptionId: id,
  });
  try {
    const row = await createTranscription(deps, { ...input, id });
    return { row, webhook: toCreatedWebhookDto(endpoint) };
  } catch (error) {
    await deleteWebhookEndpoint(db, endpoint.id);
    throw error;
  }
}
