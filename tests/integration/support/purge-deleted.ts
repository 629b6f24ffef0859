import { eq } from 'drizzle-orm';
import { transcriptions } from '../../../src/server/db/schema.js';
import { purgeDeletedTranscriptions } from '../../../src/server/transcriptions/trash/purge-deleted-transcriptions.js';
import type { TestApp } from './test-app.js';

/**
 * Moves a deleted transcript's deletion past the window in which it can be restored and runs the
 * sweep that deletes it for good, as the running server does once the window has passed.
 */
export async function purgeAsIfWindowPassed(app: TestApp, id: string): Promise<number> {
  await app.database.db
    .update(transcriptions)
    .set({ deletedAt: new Date(Date.now() - 5 * 60 * 1000) })
    .where(eq(transcriptions.id, id));
  return purgeDeletedTranscriptions(app.database.db, app.storage);
}
