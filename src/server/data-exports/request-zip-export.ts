import {
  EXPORT_EXPIRED_MESSAGE,
  EXPORT_NOT_FOUND_MESSAGE,
  MAX_PENDING_EXPORTS,
  TOO_MANY_PENDING_MESSAGE,
  type ZipExportDto,
} from '../../core/api/zip-exports.js';
import type { ExportFormat } from '../../core/api/transcription-values.js';
import type { Database, DatabaseHandle } from '../db/database.js';
import { withRawTransaction } from '../db/raw-transaction.js';
import { AppError } from '../errors/app-error.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { TRANSCRIPTION_NOT_FOUND } from '../transcriptions/owned-transcription.js';
import { enqueueZipExport } from './zip-export-jobs.js';
import { recordTranscriptionEventIn } from '../audit/record-transcription-event.js';
import { exportEvent } from '../audit/transcription-events.js';
import {
  countPendingZipExports,
  findZipExportForUser,
  insertZipExport,
  ownedTranscriptionIds,
  type NewZipExport,
  type ZipExportKind,
  type ZipExportRow,
} from './zip-exports.repository.js';

export interface RequestZipExportDeps {
  database: DatabaseHandle;
  queue: JobQueue;
}

async function requestZipExport(
  deps: RequestZipExportDeps,
  input: NewZipExport,
  origin: string,
): Promise<{ id: string }> {
  if ((await countPendingZipExports(deps.database.db, input.userId)) >= MAX_PENDING_EXPORTS)
    throw new AppError('rate_limited', TOO_MANY_PENDING_MESSAGE, { retryAfterSeconds: 30 });
  // The row and its job commit together: an accepted export is never left without a builder.
  return withRawTransaction(deps.database, async (executeSql) => {
    const { id } = await insertZipExport(executeSql, input);
    await enqueueZipExport(deps.queue, { exportId: id, origin }, executeSql);
    const { format, transcriptionIds } = input;
    if (format && transcriptionIds)
      await recordTranscriptionEventIn(
        executeSql,
        exportEvent(input.userId, transcriptionIds, { format, via: 'zip' }),
      );
    return { id };
  });
}

/** `POST /api/exports`: the user's own transcripts only; anyone else's id is a 404, as elsewhere. */
export async function requestTranscriptsExport(
  deps: RequestZipExportDeps,
  userId: string,
  body: { ids: string[]; format: ExportFormat },
  origin: string,
): Promise<{ id: string }> {
  const ids = [...new Set(body.ids)];
  const owned = await ownedTranscriptionIds(deps.database.db, userId, ids);
  const missing = ids.find((id) => !owned.has(id));
  if (missing !== undefined)
    throw new AppError('not_found', `${TRANSCRIPTION_NOT_FOUND}: ${missing.slice(0, 200)}`);
  return requestZipExport(
    deps,
    { userId, kind: 'transcripts', format: body.format, transcriptionIds: ids },
    origin,
  );
}

/** `POST /api/account/export`: all of the account's data. */
export function requestAccountExport(deps: RequestZipExportDeps, userId: string, origin: string) {
  return requestZipExport(deps, { userId, kind: 'account' }, origin);
}

/** The user's export, not yet expired; anyone else's (or none) is a 404. */
export async function findLiveZipExport(
  db: Database,
  userId: string,
  id: string,
  kind: ZipExportKind,
  now = new Date(),
): Promise<ZipExportRow> {
  const row = await findZipExportForUser(db, userId, id, kind);
  if (!row) throw new AppError('not_found', EXPORT_NOT_FOUND_MESSAGE);
  if (row.expiresAt <= now) throw new AppError('not_found', EXPORT_EXPIRED_MESSAGE);
  return row;
}

export function zipExportDto(row: ZipExportRow, downloadPath: string): ZipExportDto {
  return {
    id: row.id,
    status: row.status,
    url: row.status === 'ready' ? downloadPath : null,
    expiresAt: row.expiresAt.toISOString(),
    error: row.error,
  };
}

/** The download of a ready export; one still being built is a 409 that says so. */
export function assertZipExportReady(row: ZipExportRow): void {
  if (row.status === 'failed') throw new AppError('conflict', row.error ?? 'The download failed.');
  if (row.status !== 'ready')
    throw new AppError('conflict', 'The download is still being prepared.', {
      retryAfterSeconds: 2,
    });
}
