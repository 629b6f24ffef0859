import { z } from 'zod';

const pendingWhisper = z.object({
  engine: z.literal('whisper'),
  model: z.string(),
  state: z.enum(['downloading', 'building', 'starting', 'failed']),
  percent: z.number().optional(),
  message: z.string().optional(),
});

/** `/api/health`: everyone sees the first three fields; the operator token shows the rest. */
export const healthSchema = z
  .object({
    status: z.enum(['ok', 'degraded']),
    engine: z.string(),
    pending: pendingWhisper.optional().describe('Whisper being made ready in the background.'),
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
