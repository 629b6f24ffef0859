import { and, eq, isNull } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Database } from '../db/database.js';
import { proGrants } from '../db/schema.js';
import { AppError } from '../errors/app-error.js';
import { recordAdminAction, type Admin } from './admin-actions.repository.js';
import { userExists } from './admin-users.repository.js';

export interface ProGrantDeps {
  db: Database;
  /** Forgets the user's plan in every API process (billing/paid-state-changes.ts). */
  paidStates: { changed(userId: string): Promise<void> };
}

/** Gives an account Pro until an admin removes it, recording who granted it and when. */
export async function grantPro(deps: ProGrantDeps, admin: Admin, userId: string): Promise<void> {
  if (!(await userExists(deps.db, userId))) throw new AppError('not_found', 'No such account.');
  await deps.db.transaction(async (tx) => {
    const added = await tx
      .insert(proGrants)
      .values({ id: randomUUID(), userId, grantedBy: admin.email, grantedAt: new Date() })
      .onConflictDoNothing()
      .returning({ id: proGrants.id });
    if (added.length > 0) await recordAdminAction(tx, admin, 'grant-pro', { userId });
  });
  await deps.paidStates.changed(userId);
}

/** Ends an admin's grant (a paid subscription, if any, is untouched). */
export async function removePro(deps: ProGrantDeps, admin: Admin, userId: string): Promise<void> {
  if (!(await userExists(deps.db, userId))) throw new AppError('not_found', 'No such account.');
  await deps.db.transaction(async (tx) => {
    const ended = await tx
      .update(proGrants)
      .set({ removedBy: admin.email, removedAt: new Date() })
      .where(and(eq(proGrants.userId, userId), isNull(proGrants.removedAt)))
      .returning({ id: proGrants.id });
    if (ended.length > 0) await recordAdminAction(tx, admin, 'remove-pro', { userId });
  });
  await deps.paidStates.changed(userId);
}
