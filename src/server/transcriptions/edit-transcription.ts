import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { transcriptions, type StoredSegment } from '../db/schema.js';
import { FIRST_SPEAKER } from '../../core/speakers.js';
import { AppError } from '../errors/app-error.js';
import { textFromSegments } from './transcript-segments.js';
import { parsePatch, type EditedSegment } from './transcript-patch.js';
import type { TranscriptionPatch } from '../../core/api/transcriptions.js';
import { transcriptionColumns, type TranscriptionRow } from './transcription.repository.js';

export const NOT_EDITABLE = 'Only a completed transcript can be edited.';
export const staleVersionMessage = (current: number) =>
  `This transcript was changed elsewhere (it is now at version ${current}). Reload it to see the latest, then make your edit again.`;

/** How far segments may reach: the transcribed audio, or the machine's own segments if longer. */
export function editableSeconds(row: TranscriptionRow): number {
  const machineSegments = row.originalSegments ?? row.segments;
  const machineEnd = Math.max(0, ...machineSegments.map((segment) => segment.end));
  return Math.max(row.transcribeSeconds ?? row.durationInSeconds, machineEnd);
}

/** Each edited line keeps the speaker of the line at its place unless the edit names one. */
function withSpeakers(edited: EditedSegment[], current: StoredSegment[]): StoredSegment[] {
  return edited.map((segment, index) => ({
    ...segment,
    speaker: segment.speaker ?? current[index]?.speaker ?? current.at(-1)?.speaker ?? FIRST_SPEAKER,
  }));
}

/**
 * Applies a PATCH to a transcript the user owns, in one statement: the version check and the
 * write cannot be split by another tab's edit. The machine's transcript is kept on the first edit.
 */
export async function editTranscription(
  db: Database,
  row: TranscriptionRow,
  body: TranscriptionPatch,
  ifMatch: string | undefined,
): Promise<TranscriptionRow> {
  if (row.status !== 'completed') throw new AppError('conflict', NOT_EDITABLE);
  const patch = parsePatch(body, ifMatch, editableSeconds(row));
  const segments = patch.segments && withSpeakers(patch.segments, row.segments);
  const conditions = [
    eq(transcriptions.id, row.id),
    eq(transcriptions.userId, row.userId),
    eq(transcriptions.status, 'completed'),
  ];
  if (patch.version !== undefined) conditions.push(eq(transcriptions.version, patch.version));
  const [updated] = await db
    .update(transcriptions)
    .set({
      ...(patch.filename !== undefined ? { filename: patch.filename } : {}),
      ...(segments !== undefined ? { segments, text: textFromSegments(segments) } : {}),
      originalText: sql`coalesce(${transcriptions.originalText}, ${transcriptions.text})`,
      originalSegments: sql`coalesce(${transcriptions.originalSegments}, ${transcriptions.segments})`,
      version: sql`${transcriptions.version} + 1`,
      updatedAt: new Date(),
    })
    .where(and(...conditions))
    .returning(transcriptionColumns);
  if (updated) return updated;

  const [current] = await db
    .select({ status: transcriptions.status, version: transcriptions.version })
    .from(transcriptions)
    .where(and(eq(transcriptions.id, row.id), eq(transcriptions.userId, row.userId)));
  if (!current) throw new AppError('not_found', 'Transcription not found');
  if (current.status !== 'completed') throw new AppError('conflict', NOT_EDITABLE);
  throw new AppError('conflict', staleVersionMessage(current.version));
}
