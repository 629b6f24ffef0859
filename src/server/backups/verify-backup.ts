import path from 'node:path';
import { BackupError, readManifest, type BackupManifest } from './backup-manifest.js';
import { checksumFile } from './file-checksum.js';

/** Reads the manifest and checks every file against its size and checksum. */
export async function verifyBackup(directory: string): Promise<BackupManifest> {
  const manifest = await readManifest(directory);
  for (const file of manifest.files) {
    let actual;
    try {
      actual = await checksumFile(path.join(directory, file.path));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      throw new BackupError(`The backup is incomplete: ${file.path} is missing.`);
    }
    if (actual.bytes !== file.bytes || actual.sha256 !== file.sha256) {
      throw new BackupError(
        `The backup is damaged: ${file.path} does not match its checksum in the manifest.`,
      );
    }
  }
  const listed = new Set(manifest.files.map((file) => file.path));
  const unlisted = manifest.database.tables.find((table) => !listed.has(table.file));
  if (unlisted) throw new BackupError(`The manifest names ${unlisted.file} without a checksum.`);
  return manifest;
}
