import { randomUUID } from 'node:crypto';
import {
  DELETED_USER_NAME,
  type CreateHighlightBody,
  type HighlightDto,
} from '../../core/api/comments.js';
import type { Database } from '../db/database.js';
import { AppError } from '../errors/app-error.js';
import type { AccessibleTranscription } from '../transcriptions/accessible-transcription.js';
import type { TranscriptionRow } from '../transcriptions/transcription.repository.js';
import {
  deleteHighlightRow,
  findHighlight,
  insertHighlight,
  type HighlightRow,
} from './highlights.repository.js';
import { transcriptLineText } from './transcript-line.js';
import { accessAllows, findCommentableTranscription } from './transcription-access.js';

export const HIGHLIGHT_NOT_FOUND = 'Highlight not found';
export const NOT_YOURS_TO_UNHIGHLIGHT =
  'You can remove only your own highlights: removing others’ needs the right to manage this team’s transcriptions.';

export function toHighlightDto(row: HighlightRow): HighlightDto {
  return {
    id: row.id,
    segment: row.segment,
    start: row.start,
    end: row.end,
    author: { id: row.authorId, name: row.authorName ?? DELETED_USER_NAME },
    createdAt: row.createdAt.toISOString(),
  };
}

/** Marks characters `start` to `end` of a line, checked against the line's text as it is now. */
export async function createHighlight(
  db: Database,
  transcription: Pick<TranscriptionRow, 'id' | 'segments'>,
  authorId: string,
  body: CreateHighlightBody,
): Promise<HighlightRow> {
  const text = transcriptLineText(transcription, body.segment);
  if (body.end <= body.start || body.end > text.length)
    throw new AppError(
      'bad_request',
      `A highlight spans at least one character of its line: 0 ≤ start < end ≤ ${text.length} on line ${body.segment}.`,
    );
  const id = randomUUID();
  await insertHighlight(db, {
    id,
    transcriptionId: transcription.id,
    segment: body.segment,
    start: body.start,
    end: body.end,
    authorId,
    createdAt: new Date(),
  });
  const created = await findHighlight(db, id);
  if (!created) throw new Error(`highlight ${id} vanished as it was written`);
  return created;
}

/** Removes a highlight (its author's, or anyone's for who manages the transcriptions). */
export async function removeHighlight(
  db: Database,
  userId: string,
  id: string,
): Promise<AccessibleTranscription['row']> {
  const highlight = await findHighlight(db, id);
  if (!highlight) throw new AppError('not_found', HIGHLIGHT_NOT_FOUND);
  const transcription = await findCommentableTranscription(
    db,
    userId,
    highlight.transcriptionId,
    HIGHLIGHT_NOT_FOUND,
  );
  if (highlight.authorId !== userId && !accessAllows(transcription.access, 'manageTranscriptions'))
    throw new AppError('forbidden', NOT_YOURS_TO_UNHIGHLIGHT);
  await deleteHighlightRow(db, id);
  return transcription.row;
}
