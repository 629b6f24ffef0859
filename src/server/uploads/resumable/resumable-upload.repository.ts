import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { resumableUploads, type ResumableUploadPart } from '../../db/schema.js';

export type ResumableUploadRow = typeof resumableUploads.$inferSelect;

export async function insertResumableUpload(
  db: Database,
  row: Pick<ResumableUploadRow, 'id' | 'userId' | 'length' | 'metadata' | 'expiresAt'>,
): Promise<ResumableUploadRow> {
  const [inserted] = await db.insert(resumableUploads).values(row).returning();
  if (!inserted) throw new Error(`resumable upload ${row.id} was not stored`);
  return inserted;
}

export async function findResumableUpload(
  db: Database,
  id: string,
): Promise<ResumableUploadRow | undefined> {
  const [row] = await db.select().from(resumableUploads).where(eq(resumableUploads.id, id));
  return row;
}

/**
 * Adds a stored part at `offset`; false when the upload moved on meanwhile (or is gone), in which
 * case the caller deletes the part it stored.
 */
export async function appendResumableUploadPart(
  db: Database,
  id: string,
  offset: number,
  part: ResumableUploadPart,
): Promise<boolean> {
  const updated = await db
    .update(resumableUploads)
    .set({
      offset: sql`${resumableUploads.offset} + ${part.size}`,
      parts: sql`${resumableUploads.parts} || ${JSON.stringify([part])}::jsonb`,
    })
    .where(and(eq(resumableUploads.id, id), eq(resumableUploads.offset, offset)))
    .returning({ id: resumableUploads.id });
  return updated.length === 1;
}

export async function deleteResumableUpload(db: Database, id: string): Promise<void> {
  await db.delete(resumableUploads).where(eq(resumableUploads.id, id));
}

/** Declared bytes of a user's uploads not finished yet, held against the storage quota. */
export async function pendingUploadBytes(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ bytes: sql<string>`coalesce(sum(${resumableUploads.length}), 0)` })
    .from(resumableUploads)
    .where(
      and(
        eq(resumableUploads.userId, userId),
        isNull(resumableUploads.transcriptionId),
        sql`${resumableUploads.expiresAt} > now()`,
      ),
    );
  return Number(row?.bytes ?? 0);
}

/**
 * Claims the finished upload for one request to turn into a transcription. Returns the row when
 * this request may go on; otherwise the row as it is (done already, or another request at it).
 */
export async function claimResumableUploadFinish(
  db: Database,
  id: string,
): Promise<{ claimed: boolean; row: ResumableUploadRow | undefined }> {
  const [claimed] = await db
    .update(resumableUploads)
    .set({ finishingAt: new Date() })
    .where(
      and(
        eq(resumableUploads.id, id),
        isNull(resumableUploads.transcriptionId),
        // A finish cut off by a crashed process is tried again after a minute.
        sql`(${resumableUploads.finishingAt} IS NULL OR ${resumableUploads.finishingAt} < now() - interval '1 minute')`,
      ),
    )
    .returning();
  if (claimed) return { claimed: true, row: claimed };
  return { claimed: false, row: await findResumableUpload(db, id) };
}

/** The finished upload became a transcription: its parts are gone, the row answers repeats. */
export async function markResumableUploadFinished(
  db: Database,
  id: string,
  transcriptionId: string,
): Promise<void> {
  await db
    .update(resumableUploads)
    .set({ transcriptionId, parts: [], finishingAt: null })
    .where(eq(resumableUploads.id, id));
}

export async function listExpiredResumableUploads(
  db: Database,
  now: Date,
): Promise<ResumableUploadRow[]> {
  return db.select().from(resumableUploads).where(lt(resumableUploads.expiresAt, now)).limit(500);
}

/** The finish failed for a reason other than a refusal: the next final request tries again. */
export async function releaseResumableUploadFinish(db: Database, id: string): Promise<void> {
  await db.update(resumableUploads).set({ finishingAt: null }).where(eq(resumableUploads.id, id));
}
