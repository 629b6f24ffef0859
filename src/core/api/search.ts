import { z } from 'zod';
import { SPEAKER_NAME_MAX_CHARACTERS } from '../speakers.js';

const SPEAKER_FILTER_MESSAGE = `The speaker is a name of 1 to ${SPEAKER_NAME_MAX_CHARACTERS} characters.`;

/** `GET /api/search?q=&speaker=`. */
export const searchQuery = z.object({
  q: z
    .string({ error: 'Send one q parameter.' })
    .optional()
    .describe('The words; the last may be a prefix.'),
  speaker: z
    .string({ error: 'Send one speaker parameter.' })
    .trim()
    .min(1, SPEAKER_FILTER_MESSAGE)
    .max(SPEAKER_NAME_MAX_CHARACTERS, SPEAKER_FILTER_MESSAGE)
    .optional()
    .describe(
      'Only transcripts in which a speaker has exactly this name (case-insensitive); the words may be anywhere in them.',
    ),
  team: z
    .string({ error: 'Send one team parameter.' })
    .min(1)
    .max(100)
    .optional()
    .describe("Search a team's library (you are a member); without it, your own library."),
});

/** An item of `GET /api/search?q=`. */
export const searchHitSchema = z
  .object({
    id: z.string(),
    filename: z.string(),
    createdAt: z.iso.datetime(),
    snippet: z
      .string()
      .describe(
        'Text around the match, HTML-escaped, the matching words in `<mark>…</mark>`; a line of a named speaker reads `Name: text`.',
      ),
    start: z
      .number()
      .nullable()
      .describe('Where the first matching segment starts, or null when only the name matched.'),
    speakers: z
      .array(z.string())
      .describe(
        'The names people gave this transcript’s speakers, in order of first appearance (labels such as `Speaker 2` left out): what a search can be narrowed to.',
      ),
    isEdited: z
      .boolean()
      .describe(
        "The lines differ from the machine's first transcript (someone corrected them): transcribing again replaces the corrections.",
      ),
  })
  .meta({ id: 'SearchHit' });
export type SearchHitDto = z.infer<typeof searchHitSchema>;
