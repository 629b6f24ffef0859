import { and, desc, eq, gte, sql, sum, count } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { transcriptions } from '../db/schema.js';

export type TranscriptionRow = typeof transcriptions.$inferSelect;
export type NewTranscriptionRow = typeof transcriptions.$inferInsert;

export function startOfUtcMonth(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

export async function findTranscriptionForUser(db: Database, userId: string, id: string) {
  const rows = await db
    .select()
    .from(transcriptions)
    .where(and(eq(transcriptions.id, id), eq(transcriptions.userId, userId)))
    .limit(1);
  return rows[0];
}

export async function findTranscriptionById(db: Database, id: string) {
  const rows = await db.select().from(transcriptions).where(eq(transcriptions.id, id)).limit(1);
  return rows[0];
}

export async function listTranscriptionsForUser(db: Database, userId: string) {
  return db
    .select()
    .from(transcriptions)
    .where(eq(transcriptions.userId, userId))
    .orderBy(desc(transcriptions.createdAt), desc(transcriptions.id));
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

/** Queries for the quota check, as SQL text so they can run inside a raw transaction. */
export function usageQueries(db: Database, userId: string, now: Date) {
  const monthCount = db
    .select({ value: count() })
    .from(transcriptions)
    .where(
      and(eq(transcriptions.userId, userId), gte(transcriptions.createdAt, startOfUtcMonth(now))),
    )
    .toSQL();
  const storage = db
    .select({ value: sql<string>`coalesce(${sum(transcriptions.fileSize)}, 0)` })
    .from(transcriptions)
    .where(eq(transcriptions.userId, userId))
    .toSQL();
  return { monthCount, storage };
}

export async function readUsage(db: Database, userId: string, now: Date = new Date()) {
  const [monthRows, storageRows] = await Promise.all([
    db
      .select({ value: count() })
      .from(transcriptions)
      .where(
        and(eq(transcriptions.userId, userId), gte(transcriptions.createdAt, startOfUtcMonth(now))),
      ),
    db
      .select({ value: sql<string>`coalesce(${sum(transcriptions.fileSize)}, 0)` })
      .from(transcriptions)
      .where(eq(transcriptions.userId, userId)),
  ]);
  return {
    transcriptionsThisMonth: Number(monthRows[0]?.value ?? 0),
    storageBytes: Number(storageRows[0]?.value ?? 0),
  };
}
