import { and, eq, getTableColumns, sql, sum } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { monthlyTranscriptionCounts, transcriptions } from '../db/schema.js';

// The search document is the database's business: it never travels to the server.
const { searchVector: _searchVector, ...rowColumns } = getTableColumns(transcriptions);
export { rowColumns as transcriptionColumns };

export type TranscriptionRow = Omit<typeof transcriptions.$inferSelect, 'searchVector'>;
export type NewTranscriptionRow = typeof transcriptions.$inferInsert;

/** The quota's month: the calendar month in UTC, as `YYYY-MM`. */
export function utcMonth(now: Date): string {
  return now.toISOString().slice(0, 7);
}

export async function findTranscriptionForUser(db: Database, userId: string, id: string) {
  const rows = await db
    .select(rowColumns)
    .from(transcriptions)
    .where(and(eq(transcriptions.id, id), eq(transcriptions.userId, userId)))
    .limit(1);
  return rows[0];
}

export async function findTranscriptionById(db: Database, id: string) {
  const rows = await db
    .select(rowColumns)
    .from(transcriptions)
    .where(eq(transcriptions.id, id))
    .limit(1);
  return rows[0];
}

export async function deleteTranscriptionForUser(db: Database, userId: string, id: string) {
  const rows = await db
    .delete(transcriptions)
    .where(and(eq(transcriptions.id, id), eq(transcriptions.userId, userId)))
    .returning({ audioKey: transcriptions.audioKey });
  return rows[0];
}

export async function updateTranscription(
  db: Database,
  id: string,
  values: Partial<NewTranscriptionRow>,
) {
  await db
    .update(transcriptions)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(transcriptions.id, id));
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
    .where(eq(transcriptions.userId, userId))
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
    .where(eq(transcriptions.userId, userId));
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
