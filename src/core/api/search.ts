import { z } from 'zod';

/** `GET /api/search?q=`. */
export const searchQuery = z.object({
  q: z
    .string({ error: 'Send one q parameter.' })
    .optional()
    .describe('The words; the last may be a prefix.'),
});

/** An item of `GET /api/search?q=`. */
export const searchHitSchema = z
  .object({
    id: z.string(),
    filename: z.string(),
    createdAt: z.iso.datetime(),
    snippet: z
      .string()
      .describe('Text around the match, HTML-escaped, the matching words in `<mark>…</mark>`.'),
    start: z
      .number()
      .nullable()
      .describe('Where the first matching segment starts, or null when only the name matched.'),
  })
  .meta({ id: 'SearchHit' });
export type SearchHitDto = z.infer<typeof searchHitSchema>;
