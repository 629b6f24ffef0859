import { APIError } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { user } from '../db/schema.js';

export const ACCOUNT_DISABLED_MESSAGE =
  'This account has been disabled by the operator of this server. Ask them to enable it again.';

/** Refuses every new session (password, single sign-on, email link) of a disabled account. */
export async function refuseSessionForDisabledUser(db: Database, userId: string): Promise<void> {
  const [row] = await db
    .select({ disabledAt: user.disabledAt })
    .from(user)
    .where(eq(user.id, userId));
  if (row?.disabledAt) {
    throw new APIError('FORBIDDEN', {
      code: 'ACCOUNT_DISABLED',
      message: ACCOUNT_DISABLED_MESSAGE,
    });
  }
}

/** What the admin console shows as "last sign-in". */
export async function recordSignIn(db: Database, userId: string, at: Date): Promise<void> {
  await db.update(user).set({ lastSignInAt: at }).where(eq(user.id, userId));
}
