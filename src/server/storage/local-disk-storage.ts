import { createReadStream, mkdirSync } from 'node:fs';
import { copyFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { ObjectStorage } from './object-storage.js';

const SAFE_KEY = /^[A-Za-z0-9_-]+(\.[A-Za-z0-9]+)?$/;

export function createLocalDiskStorage(directory: string): ObjectStorage {
  const root = path.resolve(directory);
  const tempDir = path.join(root, '.incoming');
  mkdirSync(tempDir, { recursive: true });

  function pathOf(key: string): string {
    if (!SAFE_KEY.test(key)) throw new Error(`Invalid storage key: ${key}`);
    return path.join(root, key);
  }

  return {
    tempDir,
    async putFile(key, sourcePath) {
      try {
        await rename(sourcePath, pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        await copyFile(sourcePath, pathOf(key));
        await rm(sourcePath, { force: true });
      }
    },
    async localPath(key) {
      return pathOf(key);
    },
    read(key, range): Readable {
      return createReadStream(pathOf(key), range);
    },
    async size(key) {
      return (await stat(pathOf(key))).size;
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
