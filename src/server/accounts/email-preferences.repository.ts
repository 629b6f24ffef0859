import { eq } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { user } from '../db/schema.js';

export async function findTranscriptReadyEmail(db: Database, userId: string): Promise<boolean> {
  const rows = await db
    .select({ transcriptReadyEmail: user.transcriptReadyEmail })
    .from(user)
    .where(eq(user.id, userId))
    .limit(1);
  return rows[0]?.transcriptReadyEmail ?? false;
}

export async function saveTranscriptReadyEmail(
  db: Database,
  userId: string,
  wanted: boolean,
): Promise<void> {
  await db.update(user).set({ transcriptReadyEmail: wanted }).where(eq(user.id, userId));
}
