import type { ObjectStorage } from './object-storage.js';

/**
 * Deletes the objects under `prefixes` stored before `olderThan`: what a process stored for a
 * moment (a free trial's upload, a live preview's window) and could not delete because it was
 * killed first. Returns how many went.
 */
export async function deleteStaleObjects(
  storage: ObjectStorage,
  prefixes: readonly string[],
  olderThan: Date,
): Promise<number> {
  let deleted = 0;
  for (const prefix of prefixes) {
    for (const object of await storage.list(prefix)) {
      if (object.storedAt >= olderThan) continue;
      await storage.delete(object.key);
      deleted += 1;
    }
  }
  return deleted;
}
