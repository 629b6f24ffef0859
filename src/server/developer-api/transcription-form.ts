import {
  transcriptionFieldsSchema,
  translationFieldsSchema,
  type TranscriptionFields,
  type TranslationFields,
} from '../../core/api/openai.js';
import { unknownLanguageMessage } from '../../core/api/language-fields.js';
import { AUTO_LANGUAGE } from '../../core/languages.js';
import type { SpeechCapabilities } from '../../core/speech-capabilities.js';
import { AppError } from '../errors/app-error.js';
import { whisperLanguageCode } from '../speech/engines/language-codes.js';
import { assertLanguageServed } from '../transcriptions/upload-form.js';
import { OpenAiError } from './openai-error.js';

/** What the server can do, for checking a form before the audio is inspected. */
export interface AudioFormContext {
  offeredModels: readonly string[];
  capabilities: SpeechCapabilities;
}

/**
 * OpenAI's transcription form, checked: the model one this server offers, the language one
 * whisper knows (`en-US` is `en`) and the engine serves. `language` is `auto` when unset.
 */
export function readTranscriptionForm(
  fields: Record<string, string>,
  context: AudioFormContext,
): TranscriptionFields & { language: string } {
  const parsed = transcriptionFieldsSchema.safeParse(fields);
  if (!parsed.success)
    throw new AppError('bad_request', parsed.error.issues[0]?.message ?? 'Invalid form.');
  assertModelOffered(parsed.data.model, context.offeredModels);
  const asked = parsed.data.language;
  const language = asked === undefined ? AUTO_LANGUAGE : whisperLanguageCode(asked);
  if (!language) throw new AppError('bad_request', unknownLanguageMessage(asked ?? ''));
  assertLanguageServed(context.capabilities, { language, task: 'transcribe' });
  return { ...parsed.data, language };
}

/** OpenAI's translation form, checked the same way; the engine must translate. */
export function readTranslationForm(
  fields: Record<string, string>,
  context: AudioFormContext,
): TranslationFields {
  const parsed = translationFieldsSchema.safeParse(fields);
  if (!parsed.success)
    throw new AppError('bad_request', parsed.error.issues[0]?.message ?? 'Invalid form.');
  assertModelOffered(parsed.data.model, context.offeredModels);
  assertLanguageServed(context.capabilities, { language: AUTO_LANGUAGE, task: 'translate' });
  return parsed.data;
}

function assertModelOffered(model: string, offeredModels: readonly string[]): void {
  if (offeredModels.includes(model)) return;
  throw new OpenAiError(
    'bad_request',
    `The model "${model}" does not exist on this server; use one of ${offeredModels.join(', ')}.`,
    'invalid_request_error',
    'model_not_found',
  );
}
