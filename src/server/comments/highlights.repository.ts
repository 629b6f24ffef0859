import { asc, eq } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { transcriptHighlights, user } from '../db/schema.js';

type HighlightRecord = typeof transcriptHighlights.$inferSelect;

/** A highlight with its author's name (null once the account is deleted). */
export interface HighlightRow extends HighlightRecord {
  authorName: string | null;
}

function selectHighlights(db: Database) {
  return db
    .select({
      id: transcriptHighlights.id,
      transcriptionId: transcriptHighlights.transcriptionId,
      segment: transcriptHighlights.segment,
      start: transcriptHighlights.start,
      end: transcriptHighlights.end,
      authorId: transcriptHighlights.authorId,
      createdAt: transcriptHighlights.createdAt,
      authorName: user.name,
    })
    .from(transcriptHighlights)
    .leftJoin(user, eq(user.id, transcriptHighlights.authorId));
}

/** In reading order: by line, then by where the span starts. */
export async function listHighlights(db: Database, transcriptionId: string) {
  return selectHighlights(db)
    .where(eq(transcriptHighlights.transcriptionId, transcriptionId))
    .orderBy(
      asc(transcriptHighlights.segment),
      asc(transcriptHighlights.start),
      asc(transcriptHighlights.createdAt),
    );
}

export async function findHighlight(db: Database, id: string): Promise<HighlightRow | undefined> {
  const rows = await selectHighlights(db).where(eq(transcriptHighlights.id, id)).limit(1);
  return rows[0];
}

export async function insertHighlight(
  db: Database,
  values: typeof transcriptHighlights.$inferInsert,
): Promise<void> {
  await db.insert(transcriptHighlights).values(values);
}

export async function deleteHighlightRow(db: Database, id: string): Promise<void> {
  await db.delete(transcriptHighlights).where(eq(transcriptHighlights.id, id));
}
