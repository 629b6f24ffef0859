import { asc, eq, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../db/database.js';
import { transcriptComments, user } from '../db/schema.js';

export type CommentRecord = typeof transcriptComments.$inferSelect;

/** A comment with the names of its author and of whoever resolved it (null once deleted). */
export interface CommentRow extends CommentRecord {
  authorName: string | null;
  resolvedByName: string | null;
}

const resolver = alias(user, 'resolver');

const commentColumns = {
  id: transcriptComments.id,
  transcriptionId: transcriptComments.transcriptionId,
  parentId: transcriptComments.parentId,
  segment: transcriptComments.segment,
  authorId: transcriptComments.authorId,
  text: transcriptComments.text,
  createdAt: transcriptComments.createdAt,
  updatedAt: transcriptComments.updatedAt,
  resolvedAt: transcriptComments.resolvedAt,
  resolvedBy: transcriptComments.resolvedBy,
  authorName: user.name,
  resolvedByName: resolver.name,
};

function selectComments(db: Database) {
  return db
    .select(commentColumns)
    .from(transcriptComments)
    .leftJoin(user, eq(user.id, transcriptComments.authorId))
    .leftJoin(resolver, eq(resolver.id, transcriptComments.resolvedBy));
}

/** Oldest first: threads read top-down, and a reply always comes after its thread's start. */
export async function listComments(db: Database, transcriptionId: string): Promise<CommentRow[]> {
  return selectComments(db)
    .where(eq(transcriptComments.transcriptionId, transcriptionId))
    .orderBy(asc(transcriptComments.createdAt), asc(transcriptComments.id));
}

export async function findComment(db: Database, id: string): Promise<CommentRow | undefined> {
  const rows = await selectComments(db).where(eq(transcriptComments.id, id)).limit(1);
  return rows[0];
}

export async function insertComment(
  db: Database,
  values: typeof transcriptComments.$inferInsert,
): Promise<void> {
  await db.insert(transcriptComments).values(values);
}

export async function updateComment(
  db: Database,
  id: string,
  values: Partial<Pick<CommentRecord, 'text' | 'updatedAt' | 'resolvedAt' | 'resolvedBy'>>,
): Promise<void> {
  await db.update(transcriptComments).set(values).where(eq(transcriptComments.id, id));
}

/** The comment and its replies (the foreign key cascades too; this says it outright). */
export async function deleteThread(db: Database, id: string): Promise<void> {
  await db
    .delete(transcriptComments)
    .where(or(eq(transcriptComments.id, id), eq(transcriptComments.parentId, id)));
}
