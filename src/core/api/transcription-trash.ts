import { z } from 'zod';

/** `DELETE /api/transcriptions/:id`: deleted at once, restorable for a short while. */
export const transcriptionDeletedSchema = z
  .object({
    ok: z.literal(true),
    restorableUntil: z.iso
      .datetime()
      .describe(
        'Until then `POST /api/transcriptions/:id/restore` undoes the deletion; afterwards the transcript and its audio are deleted for good (within about a minute).',
      ),
  })
  .meta({ id: 'TranscriptionDeleted' });
export type TranscriptionDeletedDto = z.infer<typeof transcriptionDeletedSchema>;
