import { randomInt, randomUUID } from 'node:crypto';
import { hashPassword } from 'better-auth/crypto';
import { and, eq } from 'drizzle-orm';
import type { DatabaseHandle } from '../db/database.js';
import { account, session, user } from '../db/schema.js';
import { userChangeBroadcast } from '../db/user-change-channels.js';
import { SESSION_REVOCATIONS_CHANNEL } from './session-revocations.js';

/** Letters and digits nobody misreads when a password is read out or copied by hand. */
const READABLE = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Four groups of five readable characters: about 99 bits, easy to pass on privately. */
export function readablePassword(): string {
  const groups = Array.from({ length: 4 }, () =>
    Array.from({ length: 5 }, () => READABLE[randomInt(READABLE.length)]).join(''),
  );
  return groups.join('-');
}

export type SetPasswordOutcome = 'set' | 'no-such-account';

/**
 * The operator's reset for a server without email: gives the account with this address a new
 * password (a password sign-in is added to an account that only had single sign-on) and ends
 * every session of it on every process, as a reset by link does.
 */
export async function setPassword(
  database: DatabaseHandle,
  email: string,
  password: string,
): Promise<SetPasswordOutcome> {
  const { db } = database;
  const [owner] = await db
    .select({ id: user.id })
    .from(user)
    .where(eq(user.email, email.trim().toLowerCase()));
  if (!owner) return 'no-such-account';
  const hash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(account)
      .set({ password: hash, updatedAt: new Date() })
      .where(and(eq(account.userId, owner.id), eq(account.providerId, 'credential')))
      .returning({ id: account.id });
    if (updated.length === 0) {
      await tx.insert(account).values({
        id: randomUUID(),
        accountId: owner.id,
        providerId: 'credential',
        userId: owner.id,
        password: hash,
      });
    }
    await tx.delete(session).where(eq(session.userId, owner.id));
  });
  await userChangeBroadcast(database, SESSION_REVOCATIONS_CHANNEL)(owner.id);
  return 'set';
}
