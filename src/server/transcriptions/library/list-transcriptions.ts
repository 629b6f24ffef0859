import { and, asc, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { transcriptions, user, type StoredSegment } from '../../db/schema.js';
import { inLibrary, type LibraryScope } from '../../team-access/library-scope.js';
import { encodeCursor, type ListCursor, type ListSort } from './list-cursor.js';
import { excerptSourceColumn } from '../transcript-excerpt.js';

export interface ListPage<Item> {
  items: Item[];
  /** The cursor of the next page, or null on the last page. */
  nextCursor: string | null;
}

const t = transcriptions;

/** Each order is (key, id) so pages never skip or repeat items that share a key. */
const ORDERS: Record<ListSort, { key: SQL; direction: 'asc' | 'desc'; cast: SQL }> = {
  newest: { key: sql`${t.createdAt}`, direction: 'desc', cast: sql`::timestamptz` },
  oldest: { key: sql`${t.createdAt}`, direction: 'asc', cast: sql`::timestamptz` },
  name: { key: sql`lower(${t.filename})`, direction: 'asc', cast: sql`::text` },
  duration: { key: sql`${t.durationInSeconds}`, direction: 'desc', cast: sql`::float8` },
};

/** The key as the next cursor carries it: timestamps to the microsecond, as text. */
function cursorKey(sort: ListSort): SQL<string | number> {
  if (sort === 'newest' || sort === 'oldest') {
    return sql<string>`to_char(${t.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
  }
  return sql<string | number>`${ORDERS[sort].key}`;
}

const listColumns = {
  id: t.id,
  userId: t.userId,
  filename: t.filename,
  // Never the whole text: a page of a hundred long transcripts would be a hundred of them.
  excerptSource: excerptSourceColumn(),
  // Bulk "Transcribe again" warns only when it would replace someone's corrections: the lines are
  // read (and decrypted) only for transcripts edited once, the rest have no original.
  originalSegments: t.originalSegments,
  editedSegments: sql<
    StoredSegment[] | null
  >`case when ${t.originalSegments} is not null then ${t.segments} end`.mapWith(t.segments),
  createdAt: t.createdAt,
  updatedAt: t.updatedAt,
  durationInSeconds: t.durationInSeconds,
  fileSize: t.fileSize,
  isTruncated: t.isTruncated,
  transcribeSeconds: t.transcribeSeconds,
  status: t.status,
  progress: t.progress,
  error: t.error,
  language: t.language,
  task: t.task,
  languageAssumed: t.languageAssumed,
  engine: t.engine,
  model: t.model,
  audioFormat: t.audioFormat,
  audioKey: t.audioKey,
  completedAt: t.completedAt,
  version: t.version,
  shareToken: t.shareToken,
  teamId: t.teamId,
  uploaderName: user.name,
};

export type ListRow = Awaited<ReturnType<typeof listTranscriptionsPage>>['items'][number];

/** One page of a library, by keyset on an index of (user_id or team_id, key, id). */
export async function listTranscriptionsPage(
  db: Database,
  scope: LibraryScope,
  options: { sort: ListSort; limit: number; cursor?: ListCursor },
) {
  const { sort, limit, cursor } = options;
  const order = ORDERS[sort];
  const conditions: SQL[] = [inLibrary(scope), isNull(t.deletedAt)];
  if (cursor && 'before' in cursor) {
    conditions.push(sql`${t.createdAt} < ${cursor.before}::timestamptz`);
  } else if (cursor) {
    const comparison = order.direction === 'desc' ? sql`<` : sql`>`;
    conditions.push(
      sql`(${order.key}, ${t.id}) ${comparison} (${cursor.key}${order.cast}, ${cursor.id})`,
    );
  }
  const direction = order.direction === 'desc' ? desc : asc;
  const rows = await db
    .select({ ...listColumns, cursorKey: cursorKey(sort) })
    .from(t)
    .innerJoin(user, eq(user.id, t.userId))
    .where(and(...conditions))
    .orderBy(direction(order.key), direction(t.id))
    .limit(limit + 1);
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  const nextCursor =
    rows.length > limit && last
      ? encodeCursor(sort, normaliseKey(sort, last.cursorKey), last.id)
      : null;
  return { items, nextCursor };
}

function normaliseKey(sort: ListSort, key: string | number): string | number {
  // pg returns float8 as a number, but be explicit: the cursor's duration must be a number.
  return sort === 'duration' ? Number(key) : String(key);
}

/** The library's transcriptions still waiting or running, as list items. */
export function listUnfinishedTranscriptions(db: Database, scope: LibraryScope) {
  return db
    .select(listColumns)
    .from(t)
    .innerJoin(user, eq(user.id, t.userId))
    .where(and(inLibrary(scope), isNull(t.deletedAt), sql`${t.status} in ('queued', 'processing')`))
    .orderBy(desc(t.createdAt));
}

/** One of the library's transcriptions as a list item, or none when it is gone or not in it. */
export async function findListItemInLibrary(db: Database, scope: LibraryScope, id: string) {
  const [row] = await db
    .select(listColumns)
    .from(t)
    .innerJoin(user, eq(user.id, t.userId))
    .where(and(inLibrary(scope), eq(t.id, id), isNull(t.deletedAt)));
  return row;
}
