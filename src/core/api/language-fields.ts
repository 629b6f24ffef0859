import { z } from 'zod';
import { AUTO_LANGUAGE, isLanguageCode, SPEECH_TASKS } from '../languages.js';

/**
 * The `language` and `task` form fields of an upload (the web app's and OpenAI's API): `auto` or
 * an ISO 639-1 code whisper knows; `transcribe` or `translate` (to English).
 */

export const unknownLanguageMessage = (value: string): string =>
  `Unknown language "${value}": use "auto" or an ISO 639-1 code such as "de".`;

export const TASK_FIELD_MESSAGE = 'task must be "transcribe" or "translate".';

/** `auto` or a code, lower-cased; an unknown value is a 400 that names it. */
export const languageValueSchema = z
  .string()
  .transform((value) => value.trim().toLowerCase())
  .superRefine((value, context) => {
    if (value !== AUTO_LANGUAGE && !isLanguageCode(value))
      context.addIssue({ code: 'custom', message: unknownLanguageMessage(value) });
  });

export const languageFieldSchema = languageValueSchema
  .optional()
  .describe(
    'The language spoken: `auto` to detect it, or an ISO 639-1 code (`de`, `ja`, …). Unset: your default language from the settings (`auto` unless changed).',
  );

export const taskFieldSchema = z
  .enum(SPEECH_TASKS, { error: TASK_FIELD_MESSAGE })
  .default('transcribe')
  .describe(
    '`transcribe` (the default) writes what was said; `translate` writes it in English and keeps the language spoken in `language`.',
  );
