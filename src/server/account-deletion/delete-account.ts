import { eq, or, sql } from 'drizzle-orm';
import { cancelUserSubscriptions } from '../billing/cancel-user-subscriptions.js';
import type { BillingDeps } from '../billing/billing-deps.js';
import type { Database } from '../db/database.js';
import {
  account,
  accountDeletions,
  apiKeys,
  knownVoices,
  session,
  transcriptions,
  user,
  verification,
  vocabularies,
} from '../db/schema.js';
import { userLockKey } from '../db/user-lock.js';
import { leaveTeamsOfDeletedAccount } from '../teams/leave-teams-of-deleted-account.js';
import type { ObjectStorage } from '../storage/object-storage.js';

export interface DeleteAccountDeps {
  db: Database;
  storage: ObjectStorage;
  billing: BillingDeps;
  /** Ends the user's cached sessions in every API process. */
  sessions: { revokeUser(userId: string): Promise<void> };
}

export const DELETED_USER_NAME = 'Deleted user';
export const deletedEmailFor = (userId: string) => `deleted-${userId}@deleted.invalid`;

/**
 * Deletes an account at once: the subscription is cancelled first (if the provider cannot be
 * reached nothing is deleted, so nobody is charged for an account that is gone); then, together,
 * transcripts, sessions, sign-in methods and the name and email go. Audio files follow. What is
 * left (the provider's customer record) is finished by a scheduled job, see finish-account-deletions.ts.
 */
export async function deleteAccount(deps: DeleteAccountDeps, userId: string): Promise<void> {
  await cancelUserSubscriptions(deps.billing, userId);
  const audioKeys = await deps.db.transaction(async (tx) => {
    // Waits for a transcription being created right now, so its row is deleted below.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${userLockKey(userId)}))`);
    const [current] = await tx.select({ email: user.email }).from(user).where(eq(user.id, userId));
    if (!current) return [];
    const deleted = await tx
      .delete(transcriptions)
      .where(eq(transcriptions.userId, userId))
      .returning({ audioKey: transcriptions.audioKey });
    await tx.delete(session).where(eq(session.userId, userId));
    await tx.delete(account).where(eq(account.userId, userId));
    // The user row stays (anonymised), so its keys must go with its sessions.
    await tx.delete(apiKeys).where(eq(apiKeys.userId, userId));
    // Voice data is the person's: it goes with the account (its sources went with the transcripts).
    await tx.delete(knownVoices).where(eq(knownVoices.userId, userId));
    // Vocabulary lists names of people and clients: personal data, gone at once like the audio.
    await tx.delete(vocabularies).where(eq(vocabularies.userId, userId));
    // better-auth's one-time tokens: those named by the address, and those whose value is the
    // user (password-reset links), which would otherwise set a password on the deleted account.
    await tx
      .delete(verification)
      .where(or(eq(verification.identifier, current.email), eq(verification.value, userId)));
    await tx
      .update(user)
      .set({
        name: DELETED_USER_NAME,
        email: deletedEmailFor(userId),
        image: null,
        emailVerified: false,
        rememberVoices: false,
        updatedAt: new Date(),
      })
      .where(eq(user.id, userId));
    // A team the account owned keeps an owner (docs/decisions/0087).
    await leaveTeamsOfDeletedAccount(tx, userId);
    await tx.insert(accountDeletions).values({ userId }).onConflictDoNothing();
    return deleted.map((row) => row.audioKey);
  });
  await deps.sessions.revokeUser(userId);
  for (const key of audioKeys) await deps.storage.delete(key);
}
