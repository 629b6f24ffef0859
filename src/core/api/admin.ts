import { z } from 'zod';

/** The admin console's routes (`/api/admin/...`): what they take and answer. */

export const ADMIN_USERS_PAGE_SIZE = 25;

export const adminUsersQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  search: z.string().trim().max(200).optional(),
});

export const adminUserSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    plan: z.enum(['free', 'pro']),
    /** Pro from a paid subscription, an admin's grant, or both. */
    proSource: z.enum(['subscription', 'grant', 'both']).nullable(),
    grantedBy: z.string().nullable(),
    grantedAt: z.iso.datetime().nullable(),
    transcriptionsThisMonth: z.number().int(),
    storageBytes: z.number().int(),
    lastSignInAt: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
    disabledAt: z.iso.datetime().nullable(),
    deleted: z.boolean().describe('The owner deleted the account; it is kept anonymised.'),
  })
  .meta({ id: 'AdminUser' });
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUsersPageSchema = z
  .object({
    users: z.array(adminUserSchema),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
  })
  .meta({ id: 'AdminUsersPage' });
export type AdminUsersPage = z.infer<typeof adminUsersPageSchema>;

export const adminQueueSchema = z
  .object({
    queues: z.array(
      z.object({
        name: z.string(),
        waiting: z.number().int(),
        active: z.number().int(),
        failed: z.number().int(),
      }),
    ),
    failed: z.array(
      z.object({
        queue: z.string(),
        id: z.string(),
        failedAt: z.iso.datetime().nullable(),
        reason: z.string(),
        attempts: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'AdminQueue' });
export type AdminQueue = z.infer<typeof adminQueueSchema>;

export const adminJobParams = z.object({
  queue: z.string().min(1).max(100),
  id: z.string().min(1).max(100),
});

/** Whether whisper serves, and if not, why and what the operator can do. */
export const whisperStateSchema = z
  .object({
    available: z.boolean(),
    state: z.enum(['serving', 'downloading', 'building', 'starting', 'failed', 'off', 'no-worker']),
    percent: z.number().nullable(),
    reason: z.string(),
    fix: z.string().nullable(),
  })
  .meta({ id: 'WhisperState' });
export type WhisperState = z.infer<typeof whisperStateSchema>;

export const adminSystemSchema = z
  .object({
    workers: z.array(
      z.object({
        id: z.string(),
        engine: z.string(),
        model: z.string(),
        reason: z.string(),
        reportedAt: z.iso.datetime(),
      }),
    ),
    storage: z.object({
      kind: z.enum(['local', 's3']),
      audioBytes: z.number().int(),
      transcriptions: z.number().int(),
      /** Free bytes on the disk holding the audio; null for S3. */
      freeBytes: z.number().nullable(),
    }),
    whisper: whisperStateSchema,
  })
  .meta({ id: 'AdminSystem' });
export type AdminSystem = z.infer<typeof adminSystemSchema>;

export const adminActionSchema = z
  .object({
    id: z.string(),
    at: z.iso.datetime(),
    adminEmail: z.string(),
    action: z.enum(['disable-account', 'enable-account', 'grant-pro', 'remove-pro', 'retry-job']),
    targetUserId: z.string().nullable(),
    targetEmail: z.string().nullable(),
    targetJobId: z.string().nullable(),
  })
  .meta({ id: 'AdminAction' });
export type AdminAction = z.infer<typeof adminActionSchema>;

export const adminActionsSchema = z.object({ actions: z.array(adminActionSchema) });
export type AdminActions = z.infer<typeof adminActionsSchema>;
