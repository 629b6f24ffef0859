import { createReadStream, mkdirSync } from 'node:fs';
import { copyFile, link, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  assertSafeKey,
  assertSafePrefix,
  type FetchedObject,
  type ObjectStorage,
} from './object-storage.js';

export function createLocalDiskStorage(directory: string): ObjectStorage {
  const root = path.resolve(directory);
  mkdirSync(root, { recursive: true });

  function pathOf(key: string): string {
    assertSafeKey(key);
    return path.join(root, key);
  }

  return {
    async putFile(key, sourcePath) {
      try {
        await rename(sourcePath, pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        await copyFile(sourcePath, pathOf(key));
        await rm(sourcePath, { force: true });
      }
    },
    async fetch(key, workDir): Promise<FetchedObject> {
      const copyPath = path.join(workDir, key);
      // A hard link costs nothing on the same file system and survives a delete meanwhile.
      try {
        await link(pathOf(key), copyPath);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code !== 'EXDEV' && code !== 'EPERM' && code !== 'ENOTSUP') throw error;
        await copyFile(pathOf(key), copyPath);
      }
      return { path: copyPath, release: () => rm(copyPath, { force: true }) };
    },
    async read(key, range) {
      const file = pathOf(key);
      await stat(file); // a missing object rejects here, not as a stream error mid-response
      return createReadStream(file, range);
    },
    async size(key) {
      return (await stat(pathOf(key))).size;
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async list(prefix) {
      assertSafePrefix(prefix);
      const keys = (await readdir(root)).filter((key) => key.startsWith(prefix));
      const listed = await Promise.all(
        keys.map(async (key) => {
          // Deleted since the folder was read: not there any more, so not listed.
          const stats = await stat(path.join(root, key)).catch(() => undefined);
          return stats?.isFile() ? { key, storedAt: stats.mtime } : undefined;
        }),
      );
      return listed.filter((object) => object !== undefined);
    },
  };
}
