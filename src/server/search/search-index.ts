import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { isSpeakerLabel } from '../../core/speakers.js';
import type { Database } from '../db/database.js';
import { transcriptions, type StoredSegment } from '../db/schema.js';
import { searchableText } from '../db/search-column.js';
import { prefixesOf, prefixToken, wordToken } from './blind-tokens.js';
import { blindVectorText, type BlindTokens, type Positions } from './blind-vector.js';

const VALUE = '__value__';
const [BEFORE_VALUE, AFTER_VALUE] = searchableText(VALUE).split(VALUE) as [string, string];

/** The folded words of `value` as a tsvector, computed in the query and never stored. */
const searchable = (value: string) =>
  sql`${sql.raw(BEFORE_VALUE)}${value}::text${sql.raw(AFTER_VALUE)}`;

/**
 * Each line's speaker when people named it (labels such as `Speaker 2` are in every transcript),
 * as the text the index reads: a name counts once per line, as if each line began with it.
 */
function namedSpeakersText(segments: readonly StoredSegment[]): string {
  return JSON.stringify(
    segments.map((segment) => segment.speaker).filter((speaker) => !isSpeakerLabel(speaker)),
  );
}

interface Lexeme extends Record<string, unknown> {
  lexeme: string;
  positions: string;
  weights: string;
}

export interface IndexedText {
  filename: string;
  segments: readonly StoredSegment[];
  text: string;
}

/**
 * The blind index of a transcript, as tsvector text: PostgreSQL folds and splits the words
 * exactly as the search column always did (`search-column.ts`), and each lexeme, and each of its
 * prefixes, becomes a keyed hash keeping its positions and weights (A: the file name; B: the
 * text and the speakers' names), so ranking works as before.
 */
export async function blindVectorOf(db: Database, source: IndexedText): Promise<string> {
  const result = await db.execute<Lexeme>(sql`
    SELECT lexeme, array_to_string(positions, ',') AS positions, array_to_string(weights, ',') AS weights
    FROM unnest(
      setweight(${searchable(source.filename)}, 'A') ||
      setweight(${searchable(source.text)}, 'B') ||
      setweight(${searchable(namedSpeakersText(source.segments))}, 'B')
    )`);
  const tokens: BlindTokens = { words: new Map(), prefixes: new Map() };
  const add = (held: Positions, positions: number[], weights: string[]) => {
    positions.forEach((position, index) => {
      const weight = weights[index] ?? 'D';
      const before = held.get(position);
      // 'A' < 'B' < 'C' < 'D' and A weighs most: keep the heavier.
      if (before === undefined || weight < before) held.set(position, weight);
    });
  };
  for (const row of (result as unknown as { rows: Lexeme[] }).rows) {
    const positions = row.positions === '' ? [] : row.positions.split(',').map(Number);
    const weights = row.weights === '' ? [] : row.weights.split(',');
    const token = wordToken(row.lexeme);
    let word = tokens.words.get(token);
    if (!word) tokens.words.set(token, (word = new Map()));
    add(word, positions, weights);
    for (const prefix of prefixesOf(row.lexeme)) {
      const hashed = prefixToken(prefix);
      let held = tokens.prefixes.get(hashed);
      if (!held)
        tokens.prefixes.set(
          hashed,
          (held = { characters: Array.from(prefix).length, positions: new Map() }),
        );
      add(held.positions, positions, weights);
    }
  }
  return blindVectorText(tokens);
}

/**
 * Brings the index of a transcript up to date with what it holds now; skipped when it changed
 * meanwhile (its revision moved on), so a concurrent edit is never indexed as the older text.
 */
async function indexTranscript(
  db: Database,
  row: IndexedText & { id: string; searchRevision: number },
): Promise<void> {
  const vector = await blindVectorOf(db, row);
  await db
    .update(transcriptions)
    .set({ searchVector: sql`${vector}::tsvector`, indexedRevision: row.searchRevision })
    .where(
      and(eq(transcriptions.id, row.id), eq(transcriptions.searchRevision, row.searchRevision)),
    );
}

/**
 * Indexes the transcripts (of `scope`, or all) changed since they were last indexed, `batch` at
 * a time; returns how many it indexed. A trigger moves `search_revision` on whenever the file
 * name, text or segments change, so no writer has to remember the index.
 */
export async function indexStaleTranscripts(
  db: Database,
  scope: SQL | undefined,
  stopped: () => boolean = () => false,
  batch = 100,
): Promise<number> {
  let indexed = 0;
  while (!stopped()) {
    const stale = await db
      .select({
        id: transcriptions.id,
        filename: transcriptions.filename,
        text: transcriptions.text,
        segments: transcriptions.segments,
        searchRevision: transcriptions.searchRevision,
      })
      .from(transcriptions)
      .where(
        and(
          scope,
          isNull(transcriptions.deletedAt),
          sql`${transcriptions.indexedRevision} IS DISTINCT FROM ${transcriptions.searchRevision}`,
        ),
      )
      .limit(batch);
    for (const row of stale) await indexTranscript(db, row);
    indexed += stale.length;
    if (stale.length < batch) break;
  }
  return indexed;
}
