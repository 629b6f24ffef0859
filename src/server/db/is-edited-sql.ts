import { sql, type SQL } from 'drizzle-orm';
import { transcriptions } from './schema.js';

/**
 * Whether the lines differ from the machine's first transcript in a time, text or speaker (words
 * aside): `segmentsEqual`, the detail's `isEdited`, decided in the query so a list or a search
 * never brings the segments into memory to tell it. Null original segments: never edited.
 */
export function isEditedSql(original: SQL, current: SQL): SQL<boolean> {
  return sql<boolean>`case
    when ${original} is null then false
    when jsonb_array_length(${original}) <> jsonb_array_length(${current}) then true
    else exists (
      select 1
      from jsonb_array_elements(${original}) with ordinality as first_lines(line, n)
      join jsonb_array_elements(${current}) with ordinality as saved_lines(line, n) using (n)
      where first_lines.line->'start' is distinct from saved_lines.line->'start'
        or first_lines.line->'end' is distinct from saved_lines.line->'end'
        or first_lines.line->'text' is distinct from saved_lines.line->'text'
        or first_lines.line->'speaker' is distinct from saved_lines.line->'speaker'
    )
  end`;
}

/** `isEditedSql` of the `transcriptions` table in a Drizzle select. */
export function isEditedColumn(): SQL<boolean> {
  return isEditedSql(sql`${transcriptions.originalSegments}`, sql`${transcriptions.segments}`);
}
