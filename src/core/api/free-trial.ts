import { z } from 'zod';

/** `POST /api/transcribe/free-trial`: the first 30 seconds, transcribed and not kept. */
export const freeTrialResultSchema = z
  .object({ text: z.string(), isTruncated: z.boolean(), durationInSeconds: z.number() })
  .meta({ id: 'FreeTrialResult' });
export type FreeTrialResult = z.infer<typeof freeTrialResultSchema>;
