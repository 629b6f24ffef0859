import { z } from 'zod';
import { MAX_SPEAKERS } from '../speakers.js';

/**
 * The `speakers` form field of an upload, in the web app's form and OpenAI's: `auto` (the
 * default) lets detection count the voices, a whole number from 1 to 10 asks for exactly that many.
 */

export const SPEAKERS_FIELD_MESSAGE = `speakers must be "auto" or a whole number from 1 to ${MAX_SPEAKERS}.`;

/** The number of voices asked for, null for `auto`; undefined when the value is neither. */
function speakersOf(value: string): number | null | undefined {
  if (value === 'auto') return null;
  if (!/^\d{1,2}$/.test(value)) return undefined;
  const count = Number(value);
  return count >= 1 && count <= MAX_SPEAKERS ? count : undefined;
}

export const speakersFieldSchema = z
  .string({ error: SPEAKERS_FIELD_MESSAGE })
  .refine((value) => speakersOf(value) !== undefined, { error: SPEAKERS_FIELD_MESSAGE })
  .default('auto')
  .describe(
    `How many people speak: \`auto\` (the default) to detect it, or a whole number from 1 to ${MAX_SPEAKERS}, which detection then honours exactly.`,
  );

/** What `createTranscription` stores of a field the schema accepted: 1-10, or null for `auto`. */
export function speakersRequested(field: string): number | null {
  const count = speakersOf(field);
  if (count === undefined) throw new Error(`Unchecked speakers field: ${SPEAKERS_FIELD_MESSAGE}`);
  return count;
}
