import { z } from 'zod';
import { TRANSCRIPT_VERSION_KINDS } from './transcription-values.js';

/** `GET /api/transcriptions/:id/versions` and restoring one (docs/decisions/0078). */

export const transcriptVersionSchema = z
  .object({
    number: z.number().int().describe("The transcript's version in this state."),
    kind: z
      .enum(TRANSCRIPT_VERSION_KINDS)
      .describe(
        '`transcribed` and `retranscribed`: the speech engine; `edited`: lines changed; `speakers`: speakers renamed or lines given to another speaker; `renamed`: the file name; `restored`: an earlier version brought back.',
      ),
    author: z
      .object({ id: z.string(), name: z.string() })
      .nullable()
      .describe('Who made the change; null when the speech engine made it.'),
    engine: z.string().nullable().describe('For the current machine transcript: its engine.'),
    createdAt: z.iso.datetime(),
    restoredFrom: z.number().int().nullable(),
    filename: z.string(),
    lines: z.number().int().describe('How many lines the transcript had in this state.'),
    current: z.boolean().describe('This is what the transcript says now.'),
  })
  .meta({ id: 'TranscriptVersion' });
export type TranscriptVersionDto = z.infer<typeof transcriptVersionSchema>;

export const transcriptVersionListSchema = z.object({
  versions: z.array(transcriptVersionSchema).describe('Newest first.'),
});
export type TranscriptVersionListDto = z.infer<typeof transcriptVersionListSchema>;

export const transcriptVersionParams = z.object({
  id: z.string(),
  version: z.coerce
    .number({ error: 'The version must be a whole number.' })
    .int({ error: 'The version must be a whole number.' })
    .min(1, { error: 'The version must be a whole number.' }),
});
