import { z } from 'zod';
import { type DenoiseSetting, denoiseFieldSchema } from '../../core/api/denoise-field.js';
import { speakersFieldSchema, speakersRequested } from '../../core/api/speakers-field.js';
import { AppError } from '../errors/app-error.js';

/** The text fields of `POST /api/transcriptions`; other fields are ignored, as before. */
export const uploadFieldsSchema = z.object({
  speakers: speakersFieldSchema,
  denoise: denoiseFieldSchema,
});

export interface UploadForm {
  /** 1-10 voices asked for, or null to detect how many speak. */
  speakersRequested: number | null;
  denoise: DenoiseSetting;
}

/** Checks the upload's form fields; a bad one is a 400 before the audio is inspected or stored. */
export function readUploadForm(fields: Record<string, string>): UploadForm {
  const parsed = uploadFieldsSchema.safeParse(fields);
  if (!parsed.success)
    throw new AppError('bad_request', parsed.error.issues[0]?.message ?? 'Invalid form.');
  return {
    speakersRequested: speakersRequested(parsed.data.speakers),
    denoise: parsed.data.denoise,
  };
}
