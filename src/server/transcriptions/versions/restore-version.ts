import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/database.js';
import { withRawTransaction } from '../../db/raw-transaction.js';
import { transcriptions, type StoredSegment } from '../../db/schema.js';
import { AppError } from '../../errors/app-error.js';
import { NOT_EDITABLE, stateOf, staleVersionMessage } from '../edit-transcription.js';
import { textFromSegments } from '../transcript-segments.js';
import { findTranscriptionForUser, type TranscriptionRow } from '../transcription.repository.js';
import { recordVersion } from './record-version.js';
import { readVersionLines } from './version-lines.js';
import { editEvent } from '../../audit/transcription-events.js';
import { recordTranscriptionEventIn } from '../../audit/record-transcription-event.js';

export const NO_SUCH_VERSION = 'This transcript has no such version.';

/** Another tab's change in between: the restore is made again on the latest this many times. */
const ATTEMPTS = 5;

async function linesOf(
  database: DatabaseHandle,
  row: TranscriptionRow,
  number: number,
): Promise<StoredSegment[]> {
  const kept = await readVersionLines(database.db, row.id, number);
  if (kept) return kept.segments;
  // The current engine transcript, not kept until a change replaces it.
  if (number === row.version) return row.segments;
  throw new AppError('not_found', NO_SUCH_VERSION);
}

/** Writes the lines over the row's version; false when another change came first. */
async function writeRestore(
  database: DatabaseHandle,
  row: TranscriptionRow,
  segments: StoredSegment[],
  number: number,
  authorId: string,
): Promise<boolean> {
  const update = database.db
    .update(transcriptions)
    .set({
      segments,
      text: textFromSegments(segments),
      originalText: sql`coalesce(${transcriptions.originalText}, ${transcriptions.text})`,
      originalSegments: sql`coalesce(${transcriptions.originalSegments}, ${transcriptions.segments})`,
      version: sql`${transcriptions.version} + 1`,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(transcriptions.id, row.id),
        eq(transcriptions.status, 'completed'),
        isNull(transcriptions.deletedAt),
        eq(transcriptions.version, row.version),
      ),
    )
    .returning({ id: transcriptions.id })
    .toSQL();
  return withRawTransaction(database, async (executeSql) => {
    const { rows } = await executeSql(update.sql, update.params);
    if (rows.length === 0) return false;
    await recordVersion(
      executeSql,
      { state: stateOf(row), madeAt: row.completedAt ?? row.updatedAt },
      { ...stateOf(row), version: row.version + 1, segments },
      { kind: 'restored', authorId, restoredFrom: number, at: new Date() },
    );
    await recordTranscriptionEventIn(
      executeSql,
      editEvent(authorId, row.id, { kind: 'restored', version: number }),
    );
    return true;
  });
}

/**
 * Brings back a version's lines as a new version (the file name stays as it is now): what the
 * page, exports, search and share links show from then on. Only a completed transcript.
 */
export async function restoreVersion(
  database: DatabaseHandle,
  owned: TranscriptionRow,
  number: number,
  authorId: string,
): Promise<TranscriptionRow> {
  let row = owned;
  for (let attempt = 1; ; attempt += 1) {
    if (row.status !== 'completed') throw new AppError('conflict', NOT_EDITABLE);
    const segments = await linesOf(database, row, number);
    if (await writeRestore(database, row, segments, number, authorId)) break;
    const latest = await findTranscriptionForUser(database.db, row.userId, row.id);
    if (!latest) throw new AppError('not_found', 'Transcription not found');
    if (attempt === ATTEMPTS) throw new AppError('conflict', staleVersionMessage(latest.version));
    row = latest;
  }
  const restored = await findTranscriptionForUser(database.db, row.userId, row.id);
  if (!restored) throw new AppError('not_found', 'Transcription not found');
  return restored;
}
