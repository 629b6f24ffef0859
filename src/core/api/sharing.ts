import { SPEECH_TASKS } from '../languages.js';
import { z } from 'zod';
import { transcriptSegmentSchema } from './transcriptions.js';

/** `POST /api/transcriptions/:id/share`. */
export const shareLinkSchema = z
  .object({
    url: z.string().describe('The public read-only page, `<BASE_URL>/s/<token>`.'),
    token: z.string(),
  })
  .meta({ id: 'ShareLink' });
export type ShareLinkDto = z.infer<typeof shareLinkSchema>;

export const shareTokenParams = z.object({ token: z.string() });

/** `GET /api/shared/:token`: what anyone with the link may see. No owner name or email. */
export const sharedTranscriptSchema = z
  .object({
    filename: z.string(),
    text: z.string(),
    segments: z.array(transcriptSegmentSchema),
    durationInSeconds: z.number(),
    language: z.string().nullable(),
    task: z.enum(SPEECH_TASKS),
  })
  .meta({ id: 'SharedTranscript' });
export type SharedTranscriptDto = z.infer<typeof sharedTranscriptSchema>;
