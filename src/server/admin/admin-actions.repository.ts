import { desc, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { AdminAction } from '../../core/api/admin.js';
import type { Database } from '../db/database.js';
import { adminActions, user } from '../db/schema.js';

/** The admin who acts: their account and the address that made them an admin. */
export interface Admin {
  id: string;
  email: string;
}

type ActionName = AdminAction['action'];

/** Appends one line to the admin action log (never updated, never deleted by the app). */
export async function recordAdminAction(
  db: Database,
  admin: Admin,
  action: ActionName,
  target: { userId?: string; jobId?: string },
  at: Date = new Date(),
): Promise<void> {
  await db.insert(adminActions).values({
    id: randomUUID(),
    at,
    adminUserId: admin.id,
    adminEmail: admin.email,
    action,
    targetUserId: target.userId ?? null,
    targetJobId: target.jobId ?? null,
  });
}

export async function listAdminActions(db: Database, limit: number): Promise<AdminAction[]> {
  const rows = await db
    .select({
      id: adminActions.id,
      at: adminActions.at,
      adminEmail: adminActions.adminEmail,
      action: adminActions.action,
      targetUserId: adminActions.targetUserId,
      targetEmail: user.email,
      targetJobId: adminActions.targetJobId,
    })
    .from(adminActions)
    .leftJoin(user, eq(user.id, adminActions.targetUserId))
    .orderBy(desc(adminActions.at), desc(adminActions.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, at: row.at.toISOString() }));
}
