import { and, eq, getTableColumns, isNull } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { transcriptions } from '../db/schema.js';

// The search index is the search's business (search/search-index.ts): the rest of the server
// neither reads nor writes it.
const {
  searchVector: _searchVector,
  searchRevision: _searchRevision,
  indexedRevision: _indexedRevision,
  ...rowColumns
} = getTableColumns(transcriptions);
export { rowColumns as transcriptionColumns };

export type TranscriptionRow = Omit<
  typeof transcriptions.$inferSelect,
  'searchVector' | 'searchRevision' | 'indexedRevision'
>;
export type NewTranscriptionRow = typeof transcriptions.$inferInsert;

export async function findTranscriptionForUser(db: Database, userId: string, id: string) {
  const rows = await db
    .select(rowColumns)
    .from(transcriptions)
    .where(
      and(
        eq(transcriptions.id, id),
        eq(transcriptions.userId, userId),
        isNull(transcriptions.deletedAt),
      ),
    )
    .limit(1);
  return rows[0];
}

export async function findTranscriptionById(db: Database, id: string) {
  const rows = await db
    .select(rowColumns)
    .from(transcriptions)
    .where(and(eq(transcriptions.id, id), isNull(transcriptions.deletedAt)))
    .limit(1);
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
