import { APIError } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { accountDeletions } from '../db/schema.js';

export const DELETED_ACCOUNT_SIGN_IN_MESSAGE =
  'This account has been deleted: it cannot be signed in to again.';

/**
 * Refuses a new sign-in method for a deleted account. Account deletion removes the user's
 * one-time tokens, but a reset link issued while the deletion ran would otherwise set a
 * password (a new login row) on the anonymised user.
 */
export async function refuseSignInMethodForDeletedUser(db: Database, userId: string) {
  const [deleted] = await db
    .select({ userId: accountDeletions.userId })
    .from(accountDeletions)
    .where(eq(accountDeletions.userId, userId));
  if (deleted) {
    throw new APIError('BAD_REQUEST', {
      code: 'ACCOUNT_DELETED',
      message: DELETED_ACCOUNT_SIGN_IN_MESSAGE,
    });
  }
}
