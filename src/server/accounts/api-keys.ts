import { and, asc, count, eq, sql } from 'drizzle-orm';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Database } from '../db/database.js';
import { apiKeys, user } from '../db/schema.js';
import { AppError } from '../errors/app-error.js';

export const MAX_API_KEYS_PER_USER = 20;
/** Every key starts so, which lets secret scanners and people recognise it. */
const KEY_PREFIX = 'sk-sono-';
/** Characters of the key shown in lists: the fixed prefix and a few of the random part. */
const VISIBLE_CHARACTERS = KEY_PREFIX.length + 6;

export interface ApiKeySummary {
  id: string;
  name: string;
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

export function hashApiKey(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export async function listApiKeys(db: Database, userId: string): Promise<ApiKeySummary[]> {
  return db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      prefix: apiKeys.prefix,
      createdAt: apiKeys.createdAt,
      lastUsedAt: apiKeys.lastUsedAt,
    })
    .from(apiKeys)
    .where(eq(apiKeys.userId, userId))
    .orderBy(asc(apiKeys.createdAt), asc(apiKeys.id));
}

/** A new key: the secret is returned this once and only its hash is stored. */
export async function createApiKey(
  db: Database,
  userId: string,
  name: string,
): Promise<ApiKeySummary & { key: string }> {
  const key = `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const row = {
    id: randomUUID(),
    userId,
    name,
    prefix: key.slice(0, VISIBLE_CHARACTERS),
    secretHash: hashApiKey(key),
    createdAt: new Date(),
  };
  await db.transaction(async (tx) => {
    // The user's row is the lock: two parallel creations cannot both pass the count.
    await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for('update');
    const [existing] = await tx
      .select({ keys: count() })
      .from(apiKeys)
      .where(eq(apiKeys.userId, userId));
    if ((existing?.keys ?? 0) >= MAX_API_KEYS_PER_USER) {
      throw new AppError(
        'conflict',
        `You already have ${MAX_API_KEYS_PER_USER} API keys, the most an account can hold. Revoke one you no longer use first.`,
      );
    }
    await tx.insert(apiKeys).values(row);
  });
  return { id: row.id, name, prefix: row.prefix, createdAt: row.createdAt, lastUsedAt: null, key };
}

/** True when the key existed and belonged to the user. */
export async function revokeApiKey(db: Database, userId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(apiKeys)
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId)))
    .returning({ id: apiKeys.id });
  return deleted.length > 0;
}

export interface KeyUse {
  keyId: string;
  userId: string;
  /** Requests with this key in the current minute, this one included. */
  requestsThisMinute: number;
  /** Requests with any key of the same account in the current minute, this one included. */
  accountRequestsThisMinute: number;
  /** Seconds until the current minute's budget starts again. */
  secondsLeftInWindow: number;
  /** An admin disabled the account: its keys are refused. */
  accountDisabled: boolean;
}

/**
 * Finds the key by its secret and counts this request in its minute, in one statement, so the
 * budget holds across API processes. Undefined when no such key exists (wrong or revoked).
 */
export async function useApiKey(
  db: Database,
  secret: string,
  now = new Date(),
): Promise<KeyUse | undefined> {
  const minute = Math.floor(now.getTime() / 60_000);
  const [row] = await db
    .update(apiKeys)
    .set({
      lastUsedAt: now,
      rateCount: sql`CASE WHEN ${apiKeys.rateWindow} = ${minute} THEN ${apiKeys.rateCount} + 1 ELSE 1 END`,
      rateWindow: minute,
    })
    .where(eq(apiKeys.secretHash, hashApiKey(secret)))
    .returning({
      keyId: apiKeys.id,
      userId: apiKeys.userId,
      requests: apiKeys.rateCount,
      // Read in the same statement: a disable holds from the request after it commits.
      accountDisabled: sql<boolean>`exists (select 1 from ${user} where ${user.id} = ${apiKeys.userId} and ${user.disabledAt} is not null)`,
    });
  if (!row) return undefined;
  // Read after this key's count went up: concurrent requests can only see more, never fewer.
  const [account] = await db
    .select({ requests: sql<string>`coalesce(sum(${apiKeys.rateCount}), 0)` })
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, row.userId), eq(apiKeys.rateWindow, minute)));
  return {
    keyId: row.keyId,
    userId: row.userId,
    requestsThisMinute: row.requests,
    accountRequestsThisMinute: Number(account?.requests ?? row.requests),
    secondsLeftInWindow: Math.max(1, Math.ceil(((minute + 1) * 60_000 - now.getTime()) / 1000)),
    accountDisabled: row.accountDisabled === true,
  };
}
