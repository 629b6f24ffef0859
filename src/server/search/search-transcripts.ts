import { sql } from 'drizzle-orm';
import type { SearchHitDto } from '../../core/api/search.js';
import type { Database } from '../db/database.js';
import type { SearchTerms } from './search-query.js';
import { firstMatchingSegment, searchSnippet } from './search-snippet.js';

export const SEARCH_RESULTS = 20;

interface HitRow extends Record<string, unknown> {
  id: string;
  filename: string;
  created_at: string | Date;
  segments: Array<{ start: number; end: number; text: string }>;
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
    WITH ranked AS (
      SELECT t.id, t.created_at, ts_rank_cd(t.search_vector, query) AS rank
      FROM transcriptions t, to_tsquery('simple', ${terms.allWords}) AS query
      WHERE t.user_id = ${userId} AND t.search_vector @@ query
      ORDER BY rank DESC, t.created_at DESC, t.id
      LIMIT ${SEARCH_RESULTS}
    )
    SELECT t.id, t.filename, t.created_at, t.segments
    FROM ranked JOIN transcriptions t ON t.id = ranked.id
    ORDER BY ranked.rank DESC, ranked.created_at DESC, t.id
  `);
  return rowsOf<HitRow>(result).map((row) => {
    // Found in the text and the segments, in the server's code: a few segment lists are cheaper to
    // scan here than thousands of per-segment tsvectors in the database.
    const segment = firstMatchingSegment(row.segments, terms.words);
    return {
      id: row.id,
      filename: row.filename,
      createdAt: new Date(row.created_at).toISOString(),
      snippet: searchSnippet(segment?.text ?? row.filename, terms.words),
      start: segment ? segment.start : null,
    };
  });
}
