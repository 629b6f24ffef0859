import { z } from 'zod';

/** `POST /api/transcribe/free-trial`: the first 30 seconds, transcribed and not kept. */
export const freeTrialResultSchema = z
  .object({
    text: z.string(),
    isTruncated: z.boolean(),
    durationInSeconds: z.number(),
    /** The speech engine and model that wrote the text (`pocketsphinx`, `cmusphinx-en-us`). */
    engine: z.string(),
    model: z.string(),
  })
  .meta({ id: 'FreeTrialResult' });
export type FreeTrialResult = z.infer<typeof freeTrialResultSchema>;
