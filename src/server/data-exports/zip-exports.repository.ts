import { randomUUID } from 'node:crypto';
import { and, count, eq, inArray, isNull, lt } from 'drizzle-orm';
import { ZIP_EXPORT_HOURS } from '../../core/api/zip-exports.js';
import type { ExportFormat } from '../../core/api/transcription-values.js';
import type { Database } from '../db/database.js';
import type { ExecuteSql } from '../db/raw-transaction.js';
import { readableBy } from '../transcriptions/accessible-transcription.js';
import { transcriptions, zipExports } from '../db/schema.js';

export type ZipExportRow = typeof zipExports.$inferSelect;
export type ZipExportKind = ZipExportRow['kind'];

const HOUR_MS = 60 * 60 * 1000;

export interface NewZipExport {
  userId: string;
  kind: ZipExportKind;
  format?: ExportFormat;
  transcriptionIds?: string[];
}

/** Writes the row inside the caller's transaction (with its job); answers its id and expiry. */
export async function insertZipExport(
  executeSql: ExecuteSql,
  input: NewZipExport,
  now = new Date(),
): Promise<{ id: string; expiresAt: Date }> {
  const id = randomUUID();
  const expiresAt = new Date(now.getTime() + ZIP_EXPORT_HOURS * HOUR_MS);
  await executeSql(
    `INSERT INTO zip_exports (id, user_id, kind, format, transcription_ids, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7)`,
    [
      id,
      input.userId,
      input.kind,
      input.format ?? null,
      JSON.stringify(input.transcriptionIds ?? []),
      now.toISOString(),
      expiresAt.toISOString(),
    ],
  );
  return { id, expiresAt };
}

/** The user's export of that kind, or undefined (someone else's, none, or another kind). */
export async function findZipExportForUser(
  db: Database,
  userId: string,
  id: string,
  kind: ZipExportKind,
): Promise<ZipExportRow | undefined> {
  const rows = await db
    .select()
    .from(zipExports)
    .where(and(eq(zipExports.id, id), eq(zipExports.userId, userId), eq(zipExports.kind, kind)))
    .limit(1);
  return rows[0];
}

export async function findZipExport(db: Database, id: string): Promise<ZipExportRow | undefined> {
  const rows = await db.select().from(zipExports).where(eq(zipExports.id, id)).limit(1);
  return rows[0];
}

export async function countPendingZipExports(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ pending: count() })
    .from(zipExports)
    .where(and(eq(zipExports.userId, userId), eq(zipExports.status, 'pending')));
  return row?.pending ?? 0;
}

/** Marks it ready unless it went meanwhile (its account deleted): false then. */
export async function markZipExportReady(
  db: Database,
  id: string,
  sizeBytes: number,
): Promise<boolean> {
  const rows = await db
    .update(zipExports)
    .set({ status: 'ready', sizeBytes, readyAt: new Date(), error: null })
    .where(eq(zipExports.id, id))
    .returning({ id: zipExports.id });
  return rows.length > 0;
}

export async function markZipExportFailed(db: Database, id: string, error: string): Promise<void> {
  await db.update(zipExports).set({ status: 'failed', error }).where(eq(zipExports.id, id));
}

/** Which of `ids` this user may read (their own, their teams'). */
export async function ownedTranscriptionIds(
  db: Database,
  userId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: transcriptions.id })
    .from(transcriptions)
    .where(
      and(
        readableBy(db, userId),
        inArray(transcriptions.id, [...ids]),
        isNull(transcriptions.deletedAt),
      ),
    );
  return new Set(rows.map((row) => row.id));
}

/** Deletes the rows past their time; returns their ids (their files go too). */
export async function deleteExpiredZipExports(db: Database, now: Date): Promise<string[]> {
  const rows = await db
    .delete(zipExports)
    .where(lt(zipExports.expiresAt, now))
    .returning({ id: zipExports.id });
  return rows.map((row) => row.id);
}

export async function existingZipExportIds(
  db: Database,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: zipExports.id })
    .from(zipExports)
    .where(inArray(zipExports.id, [...ids]));
  return new Set(rows.map((row) => row.id));
}
