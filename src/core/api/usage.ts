import { z } from 'zod';

/** `GET /api/usage`: this month's transcriptions and the storage used, against the plan. */
export const usageSchema = z
  .object({
    transcriptionsThisMonth: z.number(),
    transcriptionLimit: z.number().nullable(),
    storageBytes: z.number(),
    storageLimit: z.number(),
    plan: z.enum(['free', 'pro']),
  })
  .meta({ id: 'Usage' });
export type UsageDto = z.infer<typeof usageSchema>;
