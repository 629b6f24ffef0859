import { sql } from 'drizzle-orm';
import type { SearchHitDto } from '../../core/api/search.js';
import type { Database } from '../db/database.js';
import type { StoredSegment } from '../db/schema.js';
import { searchTerms, type SearchTerms } from './search-query.js';
import type { LibraryScope } from '../team-access/library-scope.js';
import { linesToShow, namedSpeakers } from './search-lines.js';
import { firstMatchingSegment, searchSnippet } from './search-snippet.js';
import { isEditedSql } from '../db/is-edited-sql.js';

export const SEARCH_RESULTS = 20;

/** A filter that may be a label (`speaker 2` finds `Speaker 2`): labels are not in the index. */
const LABEL_ANY_CASE = /^speaker [0-9]+$/i;

interface HitRow extends Record<string, unknown> {
  id: string;
  filename: string;
  created_at: string | Date;
  segments: StoredSegment[];
  is_edited: boolean;
}

/** The library's rows, in the query's own words (the table is `t`). */
function inLibraryAs(library: LibraryScope) {
  return library.teamId === null
    ? sql`t.user_id = ${library.userId} AND t.team_id IS NULL`
    : sql`t.team_id = ${library.teamId}`;
}

function rowsOf<Row>(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}

/**
 * The user's transcripts that hold every word (the last as a prefix), best first; with `speaker`,
 * only those in which a speaker has that name (case-insensitive). Each hit points at the first
 * segment holding them all (or, failing that, any of them), the speaker's own lines first, with
 * its time, and shows it with the words marked (or the file name, when only the name matched).
 * Only the library's rows are read.
 */
export async function searchTranscripts(
  db: Database,
  library: LibraryScope,
  terms: SearchTerms,
  speaker: string | null = null,
): Promise<SearchHitDto[]> {
  // Checked only on rows the index found: those holding the words and, for a name people gave
  // (the search column holds those, not labels), the name's words too. Reading lines is the
  // costly part.
  const nameTerms = speaker === null || LABEL_ANY_CASE.test(speaker) ? null : searchTerms(speaker);
  const nameInIndex = nameTerms
    ? sql`AND t.search_vector @@ to_tsquery('simple', ${nameTerms.allWords})`
    : sql``;
  const spokenBy =
    speaker === null
      ? sql``
      : sql`${nameInIndex} AND EXISTS (
          SELECT 1 FROM jsonb_array_elements(t.segments) AS line
          WHERE lower(line->>'speaker') = lower(${speaker})
        )`;
  const result = await db.execute(sql`
    WITH ranked AS (
      SELECT t.id, t.created_at, ts_rank_cd(t.search_vector, query) AS rank
      FROM transcriptions t, to_tsquery('simple', ${terms.allWords}) AS query
      WHERE ${inLibraryAs(library)} AND t.deleted_at IS NULL AND t.search_vector @@ query ${spokenBy}
      ORDER BY rank DESC, t.created_at DESC, t.id
      LIMIT ${SEARCH_RESULTS}
    )
    SELECT t.id, t.filename, t.created_at, t.segments,
      ${isEditedSql(sql`t.original_segments`, sql`t.segments`)} AS is_edited
    FROM ranked JOIN transcriptions t ON t.id = ranked.id
    ORDER BY ranked.rank DESC, ranked.created_at DESC, t.id
  `);
  return rowsOf<HitRow>(result).map((row) => {
    // Found in the text and the segments, in the server's code: a few segment lists are cheaper to
    // scan here than thousands of per-segment tsvectors in the database.
    let line: { start: number; text: string } | undefined;
    for (const lines of linesToShow(row.segments, speaker)) {
      line ??= firstMatchingSegment(lines, terms.words);
    }
    return {
      id: row.id,
      filename: row.filename,
      createdAt: new Date(row.created_at).toISOString(),
      snippet: searchSnippet(line?.text ?? row.filename, terms.words),
      start: line ? line.start : null,
      speakers: namedSpeakers(row.segments),
      isEdited: row.is_edited,
    };
  });
}
