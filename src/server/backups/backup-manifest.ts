import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

export const MANIFEST_FILE = 'manifest.json';
export const BACKUP_FORMAT = 'sonoscript-backup';
export const BACKUP_FORMAT_VERSION = 1;

/** A path inside the backup folder: nothing that could climb out of it. */
const insidePath = z
  .string()
  .regex(/^[\w-]+(\/[\w-]+)*(\.[\w]+)*$/, 'a relative path inside the backup');

const fileEntry = z.object({
  path: insidePath,
  bytes: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type BackupFile = z.infer<typeof fileEntry>;

const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.literal(BACKUP_FORMAT_VERSION),
  createdAt: z.string(),
  app: z.object({ name: z.string(), version: z.string() }),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    serverVersion: z.string(),
    /** The migrations the database had, in order: restore brings the target to the same point. */
    migrations: z.array(z.object({ hash: z.string(), createdAt: z.number() })),
    tables: z.array(
      z.object({
        name: z.string(),
        columns: z.array(z.string()),
        rows: z.number().int().min(0),
        file: insidePath,
      }),
    ),
  }),
  objects: z.object({
    storage: z.enum(['local', 's3']),
    /** Where the keys live when they were not copied (S3 without --copy-objects). */
    location: z.string(),
    copied: z.boolean(),
    keys: z.array(
      z.object({
        key: z.string().regex(/^[A-Za-z0-9_-]+(\.[A-Za-z0-9]+)?$/),
        bytes: z.number().int().min(0),
      }),
    ),
    /** Keys the database named that storage no longer had when they were copied. */
    missing: z.array(z.string()),
  }),
  /** Every file of the backup but this manifest, with its checksum. */
  files: z.array(fileEntry),
});
export type BackupManifest = z.infer<typeof manifestSchema>;

export class BackupError extends Error {
  override name = 'BackupError';
}

export async function writeManifest(directory: string, manifest: BackupManifest): Promise<void> {
  await writeFile(path.join(directory, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
}

export async function readManifest(directory: string): Promise<BackupManifest> {
  let text: string;
  try {
    text = await readFile(path.join(directory, MANIFEST_FILE), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    throw new BackupError(
      `${directory} holds no ${MANIFEST_FILE}: it is not a backup, or its backup did not finish.`,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new BackupError(`${path.join(directory, MANIFEST_FILE)} is not valid JSON.`);
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    throw new BackupError(
      `${path.join(directory, MANIFEST_FILE)} is not a manifest this version reads (format ${BACKUP_FORMAT} ${BACKUP_FORMAT_VERSION}).`,
    );
  }
  return parsed.data;
}
