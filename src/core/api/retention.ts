import { z } from 'zod';
import { MAX_RETENTION_DAYS } from '../retention.js';

/** `GET/PUT /api/account/retention` (docs/decisions/0085). */

const daysMessage = `Days must be a whole number from 1 to ${MAX_RETENTION_DAYS}, or null to keep.`;
const days = z
  .number({ error: daysMessage })
  .int({ error: daysMessage })
  .min(1, { error: daysMessage })
  .max(MAX_RETENTION_DAYS, { error: daysMessage })
  .nullable();

export const retentionBody = z.object(
  {
    audioDays: days.describe(
      'Delete each recording this many days after upload, keeping its text; null keeps recordings.',
    ),
    transcriptDays: days.describe(
      'Delete each transcript, with its recording, this many days after upload; null keeps them (up to `maxDays`).',
    ),
  },
  { error: 'Send { "audioDays": number | null, "transcriptDays": number | null }.' },
);
export type RetentionBody = z.infer<typeof retentionBody>;

export const retentionSchema = retentionBody
  .extend({
    maxDays: z
      .number()
      .int()
      .nullable()
      .describe(
        "The server's cap (RETENTION_MAX_DAYS), read-only: no transcript is kept longer; null when there is none.",
      ),
  })
  .meta({ id: 'Retention' });
export type RetentionDto = z.infer<typeof retentionSchema>;

export const overCapMessage = (maxDays: number) =>
  `This server keeps transcripts at most ${maxDays} days: choose ${maxDays} days or fewer.`;
