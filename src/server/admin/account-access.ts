import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { session, user } from '../db/schema.js';
import { AppError } from '../errors/app-error.js';
import { recordAdminAction, type Admin } from './admin-actions.repository.js';
import { userExists } from './admin-users.repository.js';

export interface AccountAccessDeps {
  db: Database;
  /** Forgets the user's sessions in every API process and ends their open streams. */
  sessions: { revokeUser(userId: string): Promise<void> };
}

/**
 * Disables an account: it can no longer sign in (auth.ts refuses new sessions), its sessions are
 * deleted, and its API keys are refused (api-keys.ts reads the flag with each use). The sessions
 * other processes hold in memory are forgotten through the revocation broadcast; until it arrives
 * they serve reads only, as after any sign-out (mutations always ask the database).
 */
export async function disableAccount(
  deps: AccountAccessDeps,
  admin: Admin,
  userId: string,
): Promise<void> {
  if (userId === admin.id) {
    throw new AppError('conflict', 'You cannot disable your own account.');
  }
  if (!(await userExists(deps.db, userId))) throw new AppError('not_found', 'No such account.');
  await deps.db.transaction(async (tx) => {
    const changed = await tx
      .update(user)
      .set({ disabledAt: new Date() })
      .where(and(eq(user.id, userId), isNull(user.disabledAt)))
      .returning({ id: user.id });
    await tx.delete(session).where(eq(session.userId, userId));
    if (changed.length > 0) await recordAdminAction(tx, admin, 'disable-account', { userId });
  });
  await deps.sessions.revokeUser(userId);
}

/** Lets a disabled account sign in again (its deleted sessions stay deleted). */
export async function enableAccount(
  deps: AccountAccessDeps,
  admin: Admin,
  userId: string,
): Promise<void> {
  if (!(await userExists(deps.db, userId))) throw new AppError('not_found', 'No such account.');
  await deps.db.transaction(async (tx) => {
    const changed = await tx
      .update(user)
      .set({ disabledAt: null })
      .where(and(eq(user.id, userId), isNotNull(user.disabledAt)))
      .returning({ id: user.id });
    if (changed.length > 0) await recordAdminAction(tx, admin, 'enable-account', { userId });
  });
}
