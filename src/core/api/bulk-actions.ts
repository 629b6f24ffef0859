import { z } from 'zod';
import { MAX_EXPORT_IDS } from './zip-exports.js';

/**
 * Actions on many transcripts of the library at once (docs/decisions/0086): each id is done or
 * refused on its own, with the reason, as the single action would answer it.
 */

/** At most this many transcripts in one bulk action (as in one ZIP download). */
export const MAX_BULK_IDS = MAX_EXPORT_IDS;

export const BULK_IDS_MESSAGE = `Send { "ids": [...] } with 1 to ${MAX_BULK_IDS} transcription ids.`;
export const TOO_MANY_BULK_IDS_MESSAGE = `One action takes at most ${MAX_BULK_IDS} transcripts. Choose fewer, or do it in parts.`;

export const bulkIdsBody = z.object(
  {
    ids: z
      .array(z.string({ error: BULK_IDS_MESSAGE }).min(1).max(200), { error: BULK_IDS_MESSAGE })
      .min(1, { error: BULK_IDS_MESSAGE })
      .max(MAX_BULK_IDS, { error: TOO_MANY_BULK_IDS_MESSAGE })
      .describe(`The transcriptions, 1 to ${MAX_BULK_IDS}; repeats count once.`),
  },
  { error: BULK_IDS_MESSAGE },
);
export type BulkIdsBody = z.infer<typeof bulkIdsBody>;

export const bulkResultSchema = z
  .object({
    done: z.array(z.string()).describe('The ids the action was done for, in the order sent.'),
    refused: z
      .array(z.object({ id: z.string(), message: z.string() }))
      .describe(
        'The ids it was not done for, each with the reason the single action would give (someone else’s or an unknown id: `Transcription not found`).',
      ),
  })
  .meta({ id: 'BulkResult' });
export type BulkResultDto = z.infer<typeof bulkResultSchema>;
