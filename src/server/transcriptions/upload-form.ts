import { z } from 'zod';
import { languageFieldSchema, taskFieldSchema } from '../../core/api/language-fields.js';
import { type DenoiseSetting, denoiseFieldSchema } from '../../core/api/denoise-field.js';
import { speakersFieldSchema, speakersRequested } from '../../core/api/speakers-field.js';
import type { SpeechTask } from '../../core/languages.js';
import { languageRefusal, type SpeechCapabilities } from '../../core/speech-capabilities.js';
import { vocabularyFieldSchema } from '../../core/api/vocabulary.js';
import { AppError } from '../errors/app-error.js';

export const LIVE_PREVIEW_FIELD_MESSAGE =
  "livePreview must be the previewId the live preview's ready message gave (a UUID).";

export const TEAM_FIELD_MESSAGE = 'team must be the id of a team you are in.';

/** The text fields of `POST /api/transcriptions`; other fields are ignored, as before. */
export const uploadFieldsSchema = z.object({
  speakers: speakersFieldSchema,
  language: languageFieldSchema,
  task: taskFieldSchema,
  denoise: denoiseFieldSchema,
  vocabulary: vocabularyFieldSchema,
  team: z
    .string({ error: TEAM_FIELD_MESSAGE })
    .min(1, { error: TEAM_FIELD_MESSAGE })
    .max(100, { error: TEAM_FIELD_MESSAGE })
    .optional()
    .describe(
      "A team's id: the transcription goes into the team's library (your role must allow uploading). It still counts against your plan.",
    ),
  livePreview: z
    .uuid({ error: LIVE_PREVIEW_FIELD_MESSAGE })
    .optional()
    .describe(
      "The recorder's live preview of this recording: the `previewId` its `ready` message gave. A Free-plan preview was counted as one of the month's transcriptions; the upload that names it first is not counted again (nor refused by the monthly limit). Any other id is ignored.",
    ),
});

export interface UploadForm {
  /** 1-10 voices asked for, or null to detect how many speak. */
  speakersRequested: number | null;
  /** `auto` or an ISO 639-1 code. */
  language: string;
  task: SpeechTask;
  denoise: DenoiseSetting;
  /** Terms this upload adds to the account's vocabulary, as typed. */
  vocabulary: string[];
  /** The live preview of this recording, whose charge the upload claims if it still can. */
  livePreview?: string;
  /** The team whose library it goes into, or null for the uploader's own. */
  teamId: string | null;
}

export interface UploadFormContext {
  /** The account's default language, for a form that names none. */
  defaultLanguage: () => Promise<string>;
  /** What the engine serving new work can do now. */
  capabilities: () => Promise<SpeechCapabilities>;
  /** Refuses a team the user may not upload into (404 outside it, 403 for a viewer). */
  assertMayUploadInto: (teamId: string) => Promise<void>;
}

/**
 * Checks the upload's form fields; a bad one is a 400, and a language or task the engine cannot
 * serve a 422 with the reason, before the audio is inspected or stored.
 */
export async function readUploadForm(
  fields: Record<string, string>,
  context: UploadFormContext,
): Promise<UploadForm> {
  const parsed = uploadFieldsSchema.safeParse(fields);
  if (!parsed.success)
    throw new AppError('bad_request', parsed.error.issues[0]?.message ?? 'Invalid form.');
  const { speakers, task, denoise } = parsed.data;
  const teamId = parsed.data.team ?? null;
  if (teamId !== null) await context.assertMayUploadInto(teamId);
  const language = parsed.data.language ?? (await context.defaultLanguage());
  assertLanguageServed(await context.capabilities(), { language, task });
  return {
    speakersRequested: speakersRequested(speakers),
    language,
    task,
    denoise,
    vocabulary: parsed.data.vocabulary ?? [],
    livePreview: parsed.data.livePreview,
    teamId,
  };
}

/** A 422 naming what the server would need, for a language or task its engine cannot serve. */
export function assertLanguageServed(
  capabilities: SpeechCapabilities,
  request: { language: string; task: SpeechTask },
): void {
  const refusal = languageRefusal(capabilities, request);
  if (refusal) throw new AppError('unprocessable', refusal);
}
