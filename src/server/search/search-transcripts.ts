import { sql } from 'drizzle-orm';
import type { SearchHitDto } from '../../core/api-types.js';
import type { Database } from '../db/database.js';
import type { SearchTerms } from './search-query.js';
import { searchSnippet } from './search-snippet.js';

export const SEARCH_RESULTS = 20;

/** The same normalisation as the indexed column (schema.ts): ASCII punctuation becomes spaces. */
const SEGMENT_DOCUMENT = sql.raw(
  `to_tsvector('simple'::regconfig, regexp_replace(e.value->>'text', '[!-/:-@\\[-\`{-~]', ' ', 'g'))`,
);

interface HitRow extends Record<string, unknown> {
  id: string;
  filename: string;
  created_at: string | Date;
  start: number | string | null;
  shown: string;
}

function rowsOf<Row>(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}

/**
 * The user's transcripts that hold every word (the last as a prefix), best first. Each hit points
 * at the first segment holding them all (or, failing that, any of them) with its time, and shows
 * it with the words marked (or the file name, when only the name matched). Only the user's own
 * rows are read.
 */
export async function searchTranscripts(
  db: Database,
  userId: string,
  terms: SearchTerms,
): Promise<SearchHitDto[]> {
  const result = await db.execute(sql`
    WITH q AS (
      SELECT to_tsquery('simple', ${terms.allWords}) AS all_words,
             to_tsquery('simple', ${terms.anyWord}) AS any_word
    ),
    hits AS (
      SELECT t.id, t.filename, t.created_at, t.segments,
             ts_rank_cd(t.search_vector, q.all_words) AS rank
      FROM transcriptions t, q
      WHERE t.user_id = ${userId} AND t.search_vector @@ q.all_words
      ORDER BY rank DESC, t.created_at DESC, t.id
      LIMIT ${SEARCH_RESULTS}
    )
    SELECT h.id, h.filename, h.created_at, seg.start,
           coalesce(seg.text, h.filename) AS shown
    FROM hits h CROSS JOIN q
    LEFT JOIN LATERAL (
      SELECT (e.value->>'start')::float8 AS start, e.value->>'text' AS text
      FROM jsonb_array_elements(h.segments) WITH ORDINALITY AS e(value, n)
      WHERE ${SEGMENT_DOCUMENT} @@ q.any_word
      ORDER BY (${SEGMENT_DOCUMENT} @@ q.all_words) DESC, e.n
      LIMIT 1
    ) seg ON true
    ORDER BY h.rank DESC, h.created_at DESC, h.id
  `);
  return rowsOf<HitRow>(result).map((row) => ({
    id: row.id,
    filename: row.filename,
    createdAt: new Date(row.created_at).toISOString(),
    snippet: searchSnippet(row.shown, terms.words),
    start: row.start === null ? null : Number(row.start),
  }));
}
