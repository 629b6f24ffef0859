import { and, desc, eq, gt, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { ADMIN_USERS_PAGE_SIZE, type AdminUsersPage } from '../../core/api/admin.js';
import { ENTITLED_STATUSES } from '../billing/is-user-paid.js';
import type { Database } from '../db/database.js';
import {
  accountDeletions,
  monthlyTranscriptionCounts,
  proGrants,
  subscriptions,
  transcriptions,
  user,
} from '../db/schema.js';
import { utcMonth } from '../quota/usage.js';

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** One page of accounts, newest first, searched by name or email; with plan and usage. */
export async function listUsersForAdmin(
  db: Database,
  options: { page: number; search?: string },
  now: Date = new Date(),
): Promise<AdminUsersPage> {
  const pattern = options.search ? `%${escapeLike(options.search)}%` : undefined;
  const where: SQL | undefined = pattern
    ? or(ilike(user.email, pattern), ilike(user.name, pattern))
    : undefined;
  const [counted] = await db
    .select({ total: sql<string>`count(*)` })
    .from(user)
    .where(where);
  const subscribed = db
    .select({ one: sql`1` })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, user.id),
        inArray(subscriptions.status, [...ENTITLED_STATUSES]),
        or(isNull(subscriptions.currentPeriodEnd), gt(subscriptions.currentPeriodEnd, now)),
      ),
    );
  const thisMonth = db
    .select({ count: monthlyTranscriptionCounts.count })
    .from(monthlyTranscriptionCounts)
    .where(
      and(
        eq(monthlyTranscriptionCounts.userId, user.id),
        eq(monthlyTranscriptionCounts.month, utcMonth(now)),
      ),
    );
  const stored = db
    .select({ bytes: sql`coalesce(sum(${transcriptions.fileSize}), 0)` })
    .from(transcriptions)
    .where(eq(transcriptions.userId, user.id));
  const rows = await db
    .select({
      id: user.id,
      name: user.name,
      email: user.email,
      createdAt: user.createdAt,
      lastSignInAt: user.lastSignInAt,
      disabledAt: user.disabledAt,
      deletedAt: accountDeletions.requestedAt,
      subscribed: sql<boolean>`exists (${subscribed})`,
      grantedBy: proGrants.grantedBy,
      grantedAt: proGrants.grantedAt,
      transcriptionsThisMonth: sql<string | null>`(${thisMonth})`,
      storageBytes: sql<string>`(${stored})`,
    })
    .from(user)
    .leftJoin(proGrants, and(eq(proGrants.userId, user.id), isNull(proGrants.removedAt)))
    .leftJoin(accountDeletions, eq(accountDeletions.userId, user.id))
    .where(where)
    .orderBy(desc(user.createdAt), desc(user.id))
    .limit(ADMIN_USERS_PAGE_SIZE)
    .offset((options.page - 1) * ADMIN_USERS_PAGE_SIZE);
  return {
    users: rows.map((row) => {
      const granted = row.grantedAt !== null;
      const subscribedNow = row.subscribed === true;
      return {
        id: row.id,
        name: row.name,
        email: row.email,
        plan: granted || subscribedNow ? ('pro' as const) : ('free' as const),
        proSource:
          granted && subscribedNow
            ? ('both' as const)
            : granted
              ? ('grant' as const)
              : subscribedNow
                ? ('subscription' as const)
                : null,
        grantedBy: row.grantedBy,
        grantedAt: row.grantedAt?.toISOString() ?? null,
        transcriptionsThisMonth: Number(row.transcriptionsThisMonth ?? 0),
        storageBytes: Number(row.storageBytes),
        lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
        createdAt: row.createdAt.toISOString(),
        disabledAt: row.disabledAt?.toISOString() ?? null,
        deleted: row.deletedAt !== null,
      };
    }),
    page: options.page,
    pageSize: ADMIN_USERS_PAGE_SIZE,
    total: Number(counted?.total ?? 0),
  };
}

/** Whether an account exists (the actions answer 404 for one that does not). */
export async function userExists(db: Database, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.id, userId));
  return row !== undefined;
}
