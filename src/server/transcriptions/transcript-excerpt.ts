import { sql, type SQL } from 'drizzle-orm';
import { transcriptions } from '../db/schema.js';

import { EXCERPT_CHARACTERS } from '../../core/api/transcriptions.js';

export { EXCERPT_CHARACTERS };
const CUT = '…';
const UNFINISHED = ['queued', 'processing'];

/** While a transcript is being made its newest words matter; once made, its first ones. */
export function excerptFromEnd(status: string): boolean {
  return UNFINISHED.includes(status);
}

/**
 * The part of the text the excerpt is cut from, read in the query so a page of long transcripts
 * never brings their whole text into memory: one character more than an excerpt shows, so
 * `excerptOf` can tell that the text goes on.
 */
export function excerptSourceColumn(): SQL<string> {
  const t = transcriptions;
  const length = sql`${EXCERPT_CHARACTERS + 1}::int`;
  const unfinished = sql.join(
    UNFINISHED.map((status) => sql`${status}`),
    sql`, `,
  );
  return sql<string>`case when ${t.status} in (${unfinished}) then right(${t.text}, ${length}) else left(${t.text}, ${length}) end`;
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/**
 * At most `EXCERPT_CHARACTERS` of `text`: its beginning, or with `fromEnd` its end. A cut is
 * made between words where one is near, never inside a character, and marked with "…".
 */
export function excerptOf(text: string, fromEnd: boolean): string {
  if (text.length <= EXCERPT_CHARACTERS) return text;
  const keep = EXCERPT_CHARACTERS - CUT.length;
  if (fromEnd) {
    let part = text.slice(text.length - keep);
    if (isLowSurrogate(part.charCodeAt(0))) part = part.slice(1);
    const space = part.search(/\s/);
    if (space >= 0 && space < keep / 2) part = part.slice(space);
    return `${CUT}${part.trimStart()}`;
  }
  let part = text.slice(0, keep);
  if (isHighSurrogate(part.charCodeAt(part.length - 1))) part = part.slice(0, -1);
  const space = Math.max(part.lastIndexOf(' '), part.lastIndexOf('\n'));
  if (space > keep / 2) part = part.slice(0, space);
  return `${part.trimEnd()}${CUT}`;
}
