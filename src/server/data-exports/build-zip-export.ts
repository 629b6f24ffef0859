import { rm } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { ExportFormat } from '../../core/api/transcription-values.js';
import type { Database } from '../db/database.js';
import { user } from '../db/schema.js';
import type { Mailer } from '../mail/mailer.js';
import type { ObjectStorage } from '../storage/object-storage.js';
import { accountZipEntries } from './account-zip.js';
import { exportReadyEmail } from './export-ready-email.js';
import { transcriptsZipEntries } from './transcripts-zip.js';
import { writeZip } from './write-zip.js';
import type { BuildExport } from './zip-entry-body.js';
import { findZipExport, markZipExportReady } from './zip-exports.repository.js';
import { accountExportDownloadPath, zipExportKey } from './zip-export-paths.js';

export interface BuildZipExportDeps {
  db: Database;
  storage: ObjectStorage;
  /** This process's own work folder: the archive is written there, then stored. */
  workDir: string;
  buildExport: BuildExport;
  mailer: Mailer;
}

/**
 * Builds the export's ZIP into the work folder, stores it as `export-<id>.zip` and marks it
 * ready; an account export is then emailed when mail is set up. Running it again overwrites the
 * same object (a retried job never makes two).
 */
export async function buildZipExport(
  deps: BuildZipExportDeps,
  exportId: string,
  origin: string,
): Promise<void> {
  const row = await findZipExport(deps.db, exportId);
  if (!row || row.status !== 'pending') return;
  const entries =
    row.kind === 'account'
      ? await accountZipEntries(deps, row.userId)
      : await transcriptsZipEntries(
          deps,
          row.userId,
          row.transcriptionIds,
          (row.format ?? 'txt') as ExportFormat,
        );
  const key = zipExportKey(exportId);
  const file = path.join(deps.workDir, `${key}.part`);
  try {
    const size = await writeZip(entries, file);
    await deps.storage.putFile(key, file);
    if (!(await markZipExportReady(deps.db, exportId, size))) {
      await deps.storage.delete(key);
      return;
    }
  } finally {
    await rm(file, { force: true });
  }
  if (row.kind === 'account' && deps.mailer.enabled) {
    const [owner] = await deps.db
      .select({ email: user.email, name: user.name })
      .from(user)
      .where(eq(user.id, row.userId))
      .limit(1);
    if (owner) {
      await deps.mailer.send(
        exportReadyEmail({
          to: owner.email,
          name: owner.name,
          downloadUrl: `${origin}${accountExportDownloadPath(exportId)}`,
          expiresAt: row.expiresAt,
        }),
      );
    }
  }
}
