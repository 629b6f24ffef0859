import { z } from 'zod';

/**
 * Custom vocabulary: names, brands and jargon the engines should write, spelled as the user typed
 * them. The account keeps up to 500 terms (`GET`/`PUT /api/vocabulary`); each upload may add more
 * (the `vocabulary` form field, or OpenAI's `prompt`), separated by newlines or commas.
 */

export const MAX_VOCABULARY_TERMS = 500;
export const MAX_TERM_CHARACTERS = 100;

export const EMPTY_TERM_MESSAGE = 'A vocabulary term cannot be empty.';
export const LONG_TERM_MESSAGE = `A vocabulary term can be at most ${MAX_TERM_CHARACTERS} characters.`;
export const TOO_MANY_TERMS_MESSAGE = `A vocabulary holds at most ${MAX_VOCABULARY_TERMS} terms.`;
const ONE_LINE_MESSAGE = 'A vocabulary term must fit on one line.';
const SEND_TERMS = { error: 'Send { "terms": ["a term", …] }, a list of strings.' };

export const vocabularyTermSchema = z
  .string(SEND_TERMS)
  .transform((term) => term.trim())
  .refine((term) => term !== '', { error: EMPTY_TERM_MESSAGE })
  .refine((term) => term.length <= MAX_TERM_CHARACTERS, {
    error: (issue) => `${LONG_TERM_MESSAGE} "${String(issue.input).slice(0, 30)}…" is longer.`,
  })
  .refine((term) => !/[\r\n\t]/.test(term), { error: ONE_LINE_MESSAGE });

/** The same term twice (in any case) is kept once, where it first appears. */
export function withoutRepeats(terms: readonly string[]): string[] {
  const seen = new Set<string>();
  return terms.filter((term) => {
    const key = term.toLocaleLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const termListSchema = z
  .array(vocabularyTermSchema, SEND_TERMS)
  .max(MAX_VOCABULARY_TERMS, { error: TOO_MANY_TERMS_MESSAGE })
  .transform(withoutRepeats);

/** GET /api/vocabulary answers it; PUT /api/vocabulary takes it and answers what was stored. */
export const vocabularySchema = z
  .object({
    terms: z
      .array(z.string())
      .describe(
        `Up to ${MAX_VOCABULARY_TERMS} terms of at most ${MAX_TERM_CHARACTERS} characters, as typed.`,
      ),
  })
  .meta({ id: 'Vocabulary' });
export type Vocabulary = z.infer<typeof vocabularySchema>;

export const vocabularyBody = z.object({ terms: termListSchema }, SEND_TERMS);

/** Splits a form field or prompt into terms: newlines or commas separate them, blanks are skipped. */
export function splitVocabularyField(field: string): string[] {
  return field
    .split(/[\r\n,]+/)
    .map((term) => term.trim())
    .filter((term) => term !== '');
}

/**
 * An upload's own terms: the web form's `vocabulary` field, or OpenAI's `prompt`. Optional; each
 * term obeys the account vocabulary's rules, so a bad one is a 400 before the audio is read.
 */
export const vocabularyFieldSchema = z
  .string({ error: 'vocabulary must be text: terms separated by newlines or commas.' })
  .transform(splitVocabularyField)
  .pipe(termListSchema)
  .optional()
  .describe(
    `Terms to listen for in this file, besides your saved vocabulary: names, brands, jargon, separated by newlines or commas (at most ${MAX_VOCABULARY_TERMS}, each at most ${MAX_TERM_CHARACTERS} characters).`,
  );

/**
 * OpenAI's `prompt` on `/v1/audio/transcriptions` and `/v1/audio/translations`: read as this
 * upload's vocabulary (newlines or commas separate terms), so it reaches both engines; whisper
 * hears the terms again as its initial prompt. Parsed, it is the list of terms to store.
 */
export const openAiPromptSchema = vocabularyFieldSchema.describe(
  `Words to listen for (names, brands, jargon), separated by newlines or commas, added to your saved vocabulary. Whisper reads them as its initial prompt; PocketSphinx learns the words its dictionary lacks. At most ${MAX_VOCABULARY_TERMS} terms of at most ${MAX_TERM_CHARACTERS} characters.`,
);
