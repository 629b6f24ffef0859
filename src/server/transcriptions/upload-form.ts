import { z } from 'zod';
import { speakersFieldSchema, speakersRequested } from '../../core/api/speakers-field.js';
import { vocabularyFieldSchema } from '../../core/api/vocabulary.js';
import { AppError } from '../errors/app-error.js';

/** The text fields of `POST /api/transcriptions`; other fields are ignored, as before. */
export const uploadFieldsSchema = z.object({
  speakers: speakersFieldSchema,
  vocabulary: vocabularyFieldSchema,
});

export interface UploadForm {
  /** 1-10 voices asked for, or null to detect how many speak. */
  speakersRequested: number | null;
  /** Terms this upload adds to the account's vocabulary, as typed. */
  vocabulary: string[];
}

/** Checks the upload's form fields; a bad one is a 400 before the audio is inspected or stored. */
export function readUploadForm(fields: Record<string, string>): UploadForm {
  const parsed = uploadFieldsSchema.safeParse(fields);
  if (!parsed.success)
    throw new AppError('bad_request', parsed.error.issues[0]?.message ?? 'Invalid form.');
  return {
    speakersRequested: speakersRequested(parsed.data.speakers),
    vocabulary: parsed.data.vocabulary ?? [],
  };
}
