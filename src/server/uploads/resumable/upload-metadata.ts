import { AppError } from '../../errors/app-error.js';
import { sanitizeFilename } from '../sanitize-filename.js';

/** Options a tus upload's `Upload-Metadata` may carry: the text fields of the upload form. */
export const UPLOAD_OPTION_KEYS = [
  'language',
  'speakers',
  'task',
  'denoise',
  'vocabulary',
  'team',
] as const;

const MAX_METADATA_VALUE_CHARS = 10_000;

export interface UploadMetadataFields {
  filename: string;
  /** The form fields, for readUploadForm. */
  fields: Record<string, string>;
}

/** `filename` and the form's options from tus metadata; other keys (tus-js-client's `filetype`) are ignored. */
export function readUploadMetadata(
  metadata: Record<string, string | null | undefined> | undefined,
): UploadMetadataFields {
  const fields: Record<string, string> = {};
  for (const key of UPLOAD_OPTION_KEYS) {
    const value = metadata?.[key];
    if (value === null || value === undefined || value === '') continue;
    if (value.length > MAX_METADATA_VALUE_CHARS || value.includes('\0'))
      throw new AppError('bad_request', `The upload's metadata "${key}" is not valid.`);
    fields[key] = value;
  }
  return { filename: sanitizeFilename(metadata?.filename ?? undefined), fields };
}
