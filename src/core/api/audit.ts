import { z } from 'zod';
import { AUDIT_ACTIONS } from './team-values.js';

/**
 * The audit trail's contract (`GET /api/audit`, `GET /api/teams/:id/audit`, issue 33,
 * docs/decisions/0089): newest first, a page at a time, or the whole of it as CSV.
 */

export const AUDIT_PAGE_SIZE = 50;
export const AUDIT_MAX_PAGE_SIZE = 200;

const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${AUDIT_MAX_PAGE_SIZE}.`;

export const auditQuerySchema = z.object({
  limit: z.coerce
    .number({ error: LIMIT_MESSAGE })
    .int({ error: LIMIT_MESSAGE })
    .min(1, { error: LIMIT_MESSAGE })
    .max(AUDIT_MAX_PAGE_SIZE, { error: LIMIT_MESSAGE })
    .default(AUDIT_PAGE_SIZE)
    .describe(`Page size, ${AUDIT_PAGE_SIZE} by default.`),
  before: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .describe('The `next` of the previous page: events older than it.'),
  action: z
    .enum(AUDIT_ACTIONS, { error: `action must be one of ${AUDIT_ACTIONS.join(', ')}.` })
    .optional()
    .describe('Only events of this action.'),
  transcription: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .describe("Only events on this transcription (by id; deleted ones' too)."),
  format: z
    .enum(['json', 'csv'], { error: 'format must be "json" or "csv".' })
    .default('json')
    .describe('`csv`: the whole (filtered) trail as a CSV file, newest first.'),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditEventSchema = z
  .object({
    id: z.string(),
    at: z.string().describe('When, ISO 8601.'),
    action: z.enum(AUDIT_ACTIONS),
    actor: z
      .object({ id: z.string(), email: z.string().nullable() })
      .nullable()
      .describe('Who did it, with their email at the time; null for the system (retention).'),
    transcription: z
      .object({ id: z.string(), name: z.string().nullable() })
      .nullable()
      .describe('The transcription, by its name at the time (it may since be deleted).'),
    team: z.object({ id: z.string() }).nullable(),
    targetUserId: z
      .string()
      .nullable()
      .describe(
        'The user the event concerns: the member changed, or the uploader whose data retention deleted.',
      ),
    detail: z
      .record(z.string(), z.union([z.string(), z.number(), z.null()]))
      .nullable()
      .describe('What else matters: the export format, the kind of edit, the new role.'),
  })
  .meta({ id: 'AuditEvent' });
export type AuditEventDto = z.infer<typeof auditEventSchema>;

export const auditPageSchema = z.object({
  events: z.array(auditEventSchema),
  next: z.string().nullable().describe('Pass as `before` for the next page; null on the last.'),
});
export type AuditPageDto = z.infer<typeof auditPageSchema>;
