import { and, eq, isNull, sql, sum } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { monthlyTranscriptionCounts, transcriptions } from '../db/schema.js';

/** The quota's month: the calendar month in UTC, as `YYYY-MM`. */
export function utcMonth(now: Date): string {
  return now.toISOString().slice(0, 7);
}

/** Statements for the quota check and the count, as SQL text so they run inside a raw transaction. */
export function usageStatements(db: Database, userId: string, now: Date) {
  const month = utcMonth(now);
  const monthCount = db
    .select({ value: monthlyTranscriptionCounts.count })
    .from(monthlyTranscriptionCounts)
    .where(
      and(
        eq(monthlyTranscriptionCounts.userId, userId),
        eq(monthlyTranscriptionCounts.month, month),
      ),
    )
    .toSQL();
  const storage = db
    .select({ value: sql<string>`coalesce(${sum(transcriptions.fileSize)}, 0)` })
    .from(transcriptions)
    .where(
      and(
        eq(transcriptions.userId, userId),
        isNull(transcriptions.deletedAt),
        // A recording deleted by retention no longer takes space (docs/decisions/0085).
        isNull(transcriptions.audioDeletedAt),
      ),
    )
    .toSQL();
  const countOne = db
    .insert(monthlyTranscriptionCounts)
    .values({ userId, month, count: 1 })
    .onConflictDoUpdate({
      target: [monthlyTranscriptionCounts.userId, monthlyTranscriptionCounts.month],
      set: { count: sql`${monthlyTranscriptionCounts.count} + 1` },
    })
    .toSQL();
  return { monthCount, storage, countOne };
}

/** This month's count and the storage sum in one statement (one round trip, both from indexes). */
export async function readUsage(db: Database, userId: string, now: Date = new Date()) {
  const monthCount = db
    .select({ value: monthlyTranscriptionCounts.count })
    .from(monthlyTranscriptionCounts)
    .where(
      and(
        eq(monthlyTranscriptionCounts.userId, userId),
        eq(monthlyTranscriptionCounts.month, utcMonth(now)),
      ),
    );
  const storage = db
    .select({ value: sql<string>`coalesce(${sum(transcriptions.fileSize)}, 0)` })
    .from(transcriptions)
    .where(
      and(
        eq(transcriptions.userId, userId),
        isNull(transcriptions.deletedAt),
        // A recording deleted by retention no longer takes space (docs/decisions/0085).
        isNull(transcriptions.audioDeletedAt),
      ),
    );
  const rows = await db
    .select({
      transcriptionsThisMonth: sql<string | null>`(${monthCount})`,
      storageBytes: sql<string>`(${storage})`,
    })
    .from(sql`(select 1) as usage`);
  return {
    transcriptionsThisMonth: Number(rows[0]?.transcriptionsThisMonth ?? 0),
    storageBytes: Number(rows[0]?.storageBytes ?? 0),
  };
}
