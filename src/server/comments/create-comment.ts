import { randomUUID } from 'node:crypto';
import type { CreateCommentBody } from '../../core/api/comments.js';
import type { Database } from '../db/database.js';
import { AppError } from '../errors/app-error.js';
import type { TranscriptionRow } from '../transcriptions/transcription.repository.js';
import { findComment, insertComment, type CommentRow } from './comments.repository.js';
import { transcriptLineText } from './transcript-line.js';

export const PARENT_NOT_FOUND = 'The comment you are replying to no longer exists.';

/**
 * A new thread on a line, or a reply. Threads are one level deep: a reply to a reply joins its
 * thread (its parent becomes the thread's first comment), and sits on the thread's line.
 */
export async function createComment(
  db: Database,
  transcription: Pick<TranscriptionRow, 'id' | 'segments'>,
  authorId: string,
  body: CreateCommentBody,
): Promise<CommentRow> {
  const placement = body.parent
    ? await threadOf(db, transcription.id, body.parent, body.segment)
    : { parentId: null, segment: lineOf(transcription, body.segment) };
  const id = randomUUID();
  const now = new Date();
  await insertComment(db, {
    id,
    transcriptionId: transcription.id,
    parentId: placement.parentId,
    segment: placement.segment,
    authorId,
    text: body.text,
    createdAt: now,
    updatedAt: now,
  });
  const created = await findComment(db, id);
  if (!created) throw new Error(`comment ${id} vanished as it was written`);
  return created;
}

function lineOf(transcription: Pick<TranscriptionRow, 'segments'>, segment: number | undefined) {
  if (segment === undefined)
    throw new AppError('bad_request', 'Send the line’s index as "segment" to start a thread.');
  transcriptLineText(transcription, segment);
  return segment;
}

async function threadOf(
  db: Database,
  transcriptionId: string,
  parentId: string,
  segment: number | undefined,
): Promise<{ parentId: string; segment: number }> {
  const parent = await findComment(db, parentId);
  if (!parent || parent.transcriptionId !== transcriptionId)
    throw new AppError('bad_request', PARENT_NOT_FOUND);
  const root = parent.parentId ?? parent.id;
  if (segment !== undefined && segment !== parent.segment)
    throw new AppError(
      'bad_request',
      `A reply is on its thread’s line (${parent.segment}); leave "segment" out or send that one.`,
    );
  return { parentId: root, segment: parent.segment };
}
