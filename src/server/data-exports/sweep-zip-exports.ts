import type { Database } from '../db/database.js';
import type { ObjectStorage } from '../storage/object-storage.js';
import { ZIP_EXPORT_KEY_PREFIX, zipExportIdOf } from './zip-export-paths.js';
import { deleteExpiredZipExports, existingZipExportIds } from './zip-exports.repository.js';

/**
 * Deletes the exports past their 24 h (row and ZIP), and ZIPs whose row is gone (the account was
 * deleted). Answers how many files went.
 */
export async function sweepZipExports(
  deps: { db: Database; storage: ObjectStorage },
  now = new Date(),
): Promise<number> {
  const expired = new Set(await deleteExpiredZipExports(deps.db, now));
  const stored = await deps.storage.list(ZIP_EXPORT_KEY_PREFIX);
  const ids = stored.map((object) => zipExportIdOf(object.key)).filter((id) => id !== undefined);
  const alive = await existingZipExportIds(deps.db, ids);
  let deleted = 0;
  for (const object of stored) {
    const id = zipExportIdOf(object.key);
    if (id === undefined) continue;
    // A ZIP is stored only while its row exists: without one, its account was deleted.
    if (!expired.has(id) && alive.has(id)) continue;
    await deps.storage.delete(object.key);
    deleted += 1;
  }
  return deleted;
}
