import { z } from 'zod';
import { forDocumentationOnly } from '../http/documentation-only.js';
import { uploadFieldsSchema } from './upload-form.js';
import { WEBHOOK_URL_FIELD_DESCRIPTION } from '../../core/api/webhooks.js';

/**
 * What the library routes take and answer with that is not JSON: multipart forms (streamed to
 * disk, described for the OpenAPI document only), files and event streams. The JSON contract
 * is in `src/core/api/`.
 */

export const uploadFormSchema = forDocumentationOnly(
  uploadFieldsSchema.extend({
    audio: z
      .string()
      .optional()
      .meta({ format: 'binary', description: 'The audio file, at most 100 MB; or send `url`.' }),
    url: z
      .url()
      .optional()
      .describe(
        'Instead of `audio`: an http(s) link to an audio or video file, which the server fetches within the plan’s size limit (at most 5 redirects; private, loopback and link-local addresses are refused).',
      ),
    webhook_url: z.url().optional().describe(WEBHOOK_URL_FIELD_DESCRIPTION),
  }),
);

export const fileResponseSchema = z
  .string()
  .meta({ format: 'binary' })
  .describe('The file, in the Content-Type the format names.');

export const transcriptionEventsSchema = z
  .string()
  .describe(
    'Server-sent events as the transcription runs: `segments` (`{ from, segments }`), `progress` (`{ progress }`) and `status` (`{ status, error }`); the stream ends when the transcription does. Reconnect with `Last-Event-ID` to resume.',
  );

export const libraryEventsSchema = z
  .string()
  .describe(
    "Server-sent events for all of the signed-in user's transcriptions: on opening, a `transcription` event (a list item, as `GET /api/transcriptions` gives it) for each one still queued or processing; then one whenever any of theirs changes, and `removed` (`{ id }`) when one is deleted. The stream stays open until the client closes it.",
  );

export const freeTrialFormSchema = forDocumentationOnly(
  z.object({
    audio: z.string().meta({
      format: 'binary',
      description: 'The audio file; only its first 30 seconds are transcribed.',
    }),
  }),
);
