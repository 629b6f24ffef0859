import { z } from 'zod';

const pendingWhisper = z.object({
  engine: z.literal('whisper'),
  model: z.string(),
  state: z.enum(['downloading', 'building', 'starting', 'failed']),
  percent: z.number().optional(),
  message: z.string().optional(),
});

const speechCapabilities = z
  .object({
    languages: z.array(z.string()).describe('ISO 639-1 codes the engine transcribes.'),
    translate: z.boolean().describe('Translates to English (`task=translate`).'),
    needs: z
      .string()
      .optional()
      .describe('Why other languages are unavailable: ends "Transcribing German needs …".'),
  })
  .describe(
    'What the speech engine serving new uploads can do; uploads it cannot serve get a 422.',
  );

/** `/api/health`: everyone sees the first four fields; the operator token shows the rest. */
export const healthSchema = z
  .object({
    status: z.enum(['ok', 'degraded']),
    engine: z.string(),
    pending: pendingWhisper.optional().describe('Whisper being made ready in the background.'),
    speech: speechCapabilities,
    database: z.object({ kind: z.enum(['pglite', 'postgres']), reachable: z.boolean() }).optional(),
    model: z.string().optional(),
    engineReason: z.string().optional(),
    queue: z.object({ queued: z.number(), active: z.number() }).nullable().optional(),
    paths: z
      .object({ dataDir: z.string(), audioDir: z.string(), modelsDir: z.string() })
      .optional(),
  })
  .meta({ id: 'Health' });
export type HealthDto = z.infer<typeof healthSchema>;
