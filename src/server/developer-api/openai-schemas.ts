import { z } from 'zod';
import { transcriptionFieldsSchema, translationFieldsSchema } from '../../core/api/openai.js';
import { forDocumentationOnly } from '../http/documentation-only.js';

/** OpenAI's multipart form: streamed to disk, so described for the OpenAPI document only. */
export const transcriptionFormSchema = forDocumentationOnly(
  transcriptionFieldsSchema.extend({
    file: z.string().meta({
      format: 'binary',
      description: 'The audio file (any format ffmpeg reads), at most 100 MB.',
    }),
  }),
);

export const translationFormSchema = forDocumentationOnly(
  translationFieldsSchema.extend({
    file: z.string().meta({
      format: 'binary',
      description: 'The audio file (any format ffmpeg reads), at most 100 MB, in any language.',
    }),
  }),
);
