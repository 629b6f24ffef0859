import { transcriptionFieldsSchema, type TranscriptionFields } from '../../core/api/openai.js';
import { AppError } from '../errors/app-error.js';
import { OpenAiError } from './openai-error.js';

/** OpenAI's form fields, checked, and the model one this server offers. */
export function readTranscriptionForm(
  fields: Record<string, string>,
  offeredModels: readonly string[],
): TranscriptionFields {
  const parsed = transcriptionFieldsSchema.safeParse(fields);
  if (!parsed.success)
    throw new AppError('bad_request', parsed.error.issues[0]?.message ?? 'Invalid form.');
  if (!offeredModels.includes(parsed.data.model)) {
    throw new OpenAiError(
      'bad_request',
      `The model "${parsed.data.model}" does not exist on this server; use one of ${offeredModels.join(', ')}.`,
      'invalid_request_error',
      'model_not_found',
    );
  }
  return parsed.data;
}
