import { and, eq, isNull, sql } from 'drizzle-orm';
import type { SearchHitDto } from '../../core/api/search.js';
import type { Database } from '../db/database.js';
import { transcriptions, type StoredSegment } from '../db/schema.js';
import { FIELD_PURPOSES } from '../db/encryption/encrypted-columns.js';
import { decryptField } from '../db/encryption/field-envelope.js';
import { blindQuery } from './blind-tokens.js';
import { foldForSearch } from './search-folding.js';
import { indexStaleTranscripts } from './search-index.js';
import { searchTerms, type SearchTerms } from './search-query.js';
import type { LibraryScope } from '../team-access/library-scope.js';
import { linesToShow, namedSpeakers } from './search-lines.js';
import { firstMatchingSegment, searchSnippet } from './search-snippet.js';
import { isEditedFrom } from '../../core/edited-lines.js';

export const SEARCH_RESULTS = 20;

/** A filter that may be a label (`speaker 2` finds `Speaker 2`): labels are not in the index. */
const LABEL_ANY_CASE = /^speaker [0-9]+$/i;

interface HitRow extends Record<string, unknown> {
  id: string;
  filename: string;
  created_at: string | Date;
  segments: string;
  /** Encrypted too; null when never edited. */
  original_segments: string | null;
}

/** How many ranked rows are read when the app still has to check them (a speaker, a long prefix). */
const CHECKED_CANDIDATES = 500;

/** The library's rows, in the query's own words (the table is `t`). */
function inLibraryAs(library: LibraryScope) {
  return library.teamId === null
    ? sql`t.user_id = ${library.userId} AND t.team_id IS NULL`
    : sql`t.team_id = ${library.teamId}`;
}

function libraryScope(library: LibraryScope) {
  return library.teamId === null
    ? and(eq(transcriptions.userId, library.userId), isNull(transcriptions.teamId))
    : eq(transcriptions.teamId, library.teamId);
}

function rowsOf<Row>(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}

/** Whether the transcript holds a word starting with each of `prefixes` (already folded). */
function holdsPrefixes(
  filename: string,
  segments: readonly StoredSegment[],
  prefixes: readonly string[],
): boolean {
  if (prefixes.length === 0) return true;
  const words = new Set(
    foldForSearch(
      [filename, ...segments.map((segment) => `${segment.speaker} ${segment.text}`)].join(' '),
    ).split(/[^\p{L}\p{M}\p{N}]+/u),
  );
  return prefixes.every((prefix) => [...words].some((word) => word.startsWith(prefix)));
}

/**
 * The user's transcripts that hold every word (the last as a prefix), best first; with `speaker`,
 * only those in which a speaker has that name (case-insensitive). Each hit points at the first
 * segment holding them all (or, failing that, any of them), the speaker's own lines first, with
 * its time, and shows it with the words marked (or the file name, when only the name matched).
 * Only the library's rows are read. The index holds keyed hashes of the words, never the words
 * (docs/decisions/0090): the transcripts changed since they were indexed are indexed first.
 */
export async function searchTranscripts(
  db: Database,
  library: LibraryScope,
  terms: SearchTerms,
  speaker: string | null = null,
): Promise<SearchHitDto[]> {
  await indexStaleTranscripts(db, libraryScope(library));
  // A name people gave is in the index (labels are not): its words narrow the rows the speaker
  // is then checked on, in the app, since the segments are encrypted.
  const nameTerms = speaker === null || LABEL_ANY_CASE.test(speaker) ? null : searchTerms(speaker);
  const query = blindQuery(
    nameTerms
      ? [...terms.lexemes, ...nameTerms.lexemes.map((lexeme) => ({ ...lexeme, prefix: false }))]
      : terms.lexemes,
  );
  const checked = speaker !== null || query.longPrefixes.length > 0;
  const result = await db.execute(sql`
    WITH ranked AS (
      SELECT t.id, t.created_at, ts_rank_cd(t.search_vector, query) AS rank
      FROM transcriptions t, CAST(${query.tsquery} AS tsquery) AS query
      WHERE ${inLibraryAs(library)} AND t.deleted_at IS NULL AND t.search_vector @@ query
      ORDER BY rank DESC, t.created_at DESC, t.id
      LIMIT ${checked ? CHECKED_CANDIDATES : SEARCH_RESULTS}
    )
    SELECT t.id, t.filename, t.created_at, t.segments, t.original_segments
    FROM ranked JOIN transcriptions t ON t.id = ranked.id
    ORDER BY ranked.rank DESC, ranked.created_at DESC, t.id
  `);
  const wanted = speaker?.toLowerCase();
  return rowsOf<HitRow>(result)
    .map((row) => ({
      ...row,
      segments: JSON.parse(
        decryptField(FIELD_PURPOSES.transcriptSegments, row.segments),
      ) as StoredSegment[],
    }))
    .filter(
      (row) =>
        (wanted === undefined ||
          row.segments.some((segment) => segment.speaker.toLowerCase() === wanted)) &&
        holdsPrefixes(row.filename, row.segments, query.longPrefixes),
    )
    .slice(0, SEARCH_RESULTS)
    .map((row) => {
      // Found in the text and the segments, in the server's code: a few segment lists are cheaper
      // to scan here than thousands of per-segment tsvectors in the database.
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
        isEdited: isEditedFrom(
          row.original_segments === null
            ? null
            : (JSON.parse(
                decryptField(FIELD_PURPOSES.transcriptSegments, row.original_segments),
              ) as StoredSegment[]),
          row.segments,
        ),
      };
    });
}
