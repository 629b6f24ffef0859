import { eq } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { vocabularies } from '../db/schema.js';

/** The account's saved terms, in the order the user gave them; none when never saved. */
export async function findVocabulary(db: Database, userId: string): Promise<string[]> {
  const rows = await db
    .select({ terms: vocabularies.terms })
    .from(vocabularies)
    .where(eq(vocabularies.userId, userId))
    .limit(1);
  return rows[0]?.terms ?? [];
}

/** Replaces the account's terms with these (already checked by the vocabulary schema). */
export async function saveVocabulary(
  db: Database,
  userId: string,
  terms: readonly string[],
): Promise<void> {
  const values = { terms: [...terms], updatedAt: new Date() };
  await db
    .insert(vocabularies)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: vocabularies.userId, set: values });
}
