import type { Database } from '../../db/database.js';
import type { ObjectStorage } from '../../storage/object-storage.js';
import { listExpiredResumableUploads } from './resumable-upload.repository.js';
import { removeUpload, UPLOAD_EXPIRY_MS, UPLOAD_PART_PREFIX } from './resumable-upload-store.js';

/** A part may outlive its row (a process stopped between storing it and counting it). */
const STRAY_PART_AGE_MS = UPLOAD_EXPIRY_MS + 60 * 60 * 1000;

/**
 * Drops the uploads not finished within 24 hours and their stored parts; nothing was counted for
 * them. Parts no row knows any more go once they are older than any upload may be. Returns how
 * many uploads and stray parts went.
 */
export async function expireResumableUploads(
  deps: { db: Database; storage: ObjectStorage },
  now: Date = new Date(),
): Promise<number> {
  let removed = 0;
  for (;;) {
    const expired = await listExpiredResumableUploads(deps.db, now);
    for (const row of expired) await removeUpload(deps, row);
    removed += expired.length;
    if (expired.length === 0) break;
  }
  const strayBefore = now.getTime() - STRAY_PART_AGE_MS;
  for (const object of await deps.storage.list(UPLOAD_PART_PREFIX)) {
    if (object.storedAt.getTime() >= strayBefore) continue;
    await deps.storage.delete(object.key);
    removed += 1;
  }
  return removed;
}
