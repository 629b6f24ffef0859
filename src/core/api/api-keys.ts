import { z } from 'zod';

/** An item of `GET /api/keys`: never the secret. */
export const apiKeySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    prefix: z.string().describe('The start of the key, to recognise it.'),
    createdAt: z.iso.datetime(),
    lastUsedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'ApiKey' });
export type ApiKeyDto = z.infer<typeof apiKeySchema>;

const KEY_NAME_MESSAGE = { error: 'Give the key a name of 1 to 100 characters.' };

export const createApiKeyBody = z.object({
  name: z.string(KEY_NAME_MESSAGE).trim().min(1, KEY_NAME_MESSAGE).max(100, KEY_NAME_MESSAGE),
});

/** `POST /api/keys`: the only answer that holds the secret. */
export const createdApiKeySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    key: z.string().describe('The secret: shown this once, stored only as a hash.'),
    prefix: z.string(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'CreatedApiKey' });
export type CreatedApiKeyDto = z.infer<typeof createdApiKeySchema>;
