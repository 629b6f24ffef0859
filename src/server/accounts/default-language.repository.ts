import { eq } from 'drizzle-orm';
import { AUTO_LANGUAGE } from '../../core/languages.js';
import type { Database } from '../db/database.js';
import { user } from '../db/schema.js';

/** The language an upload uses when its form names none: `auto` or an ISO 639-1 code. */
export async function findDefaultLanguage(db: Database, userId: string): Promise<string> {
  const rows = await db
    .select({ defaultLanguage: user.defaultLanguage })
    .from(user)
    .where(eq(user.id, userId))
    .limit(1);
  return rows[0]?.defaultLanguage ?? AUTO_LANGUAGE;
}

export async function saveDefaultLanguage(
  db: Database,
  userId: string,
  language: string,
): Promise<void> {
  await db.update(user).set({ defaultLanguage: language }).where(eq(user.id, userId));
}
