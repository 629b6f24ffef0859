import { z } from 'zod';
import { withoutSpoofingCharacters } from '../format/without-spoofing-characters.js';
import { isSpeakerLabel, SPEAKER_NAME_MAX_CHARACTERS } from '../speakers.js';

/** Known voices (issue 26): what /api/voices and /api/account/voice-preferences take and answer. */

export const voicePreferencesSchema = z
  .object({
    rememberVoices: z
      .boolean()
      .describe(
        'Remember the voice of each speaker I name, and name it in my later recordings. Off unless chosen.',
      ),
  })
  .meta({ id: 'VoicePreferences' });
export type VoicePreferences = z.infer<typeof voicePreferencesSchema>;

const SEND_REMEMBER_VOICES = { error: 'Send { "rememberVoices": true } or false.' };

export const voicePreferencesBody = z.object(
  { rememberVoices: z.boolean(SEND_REMEMBER_VOICES) },
  SEND_REMEMBER_VOICES,
);

/** A remembered voice as its owner sees it: a name and where it was heard, never the voice data. */
export const knownVoiceSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    recordings: z
      .array(z.object({ id: z.string(), filename: z.string() }))
      .describe('The recordings the voice was learnt from, newest first.'),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'KnownVoice' });
export type KnownVoiceDto = z.infer<typeof knownVoiceSchema>;

export const knownVoicesSchema = z
  .object({ voices: z.array(knownVoiceSchema) })
  .meta({ id: 'KnownVoices' });
export type KnownVoicesDto = z.infer<typeof knownVoicesSchema>;

const NAME_MESSAGE = `A voice's name is 1 to ${SPEAKER_NAME_MAX_CHARACTERS} characters, without line breaks, control characters or text direction overrides.`;

export const knownVoicePatchBody = z.object(
  {
    name: z
      .string(NAME_MESSAGE)
      .trim()
      .min(1, NAME_MESSAGE)
      .refine((name) => Array.from(name).length <= SPEAKER_NAME_MAX_CHARACTERS, NAME_MESSAGE)
      .refine((name) => withoutSpoofingCharacters(name) === name, NAME_MESSAGE)
      .refine(
        (name) => !isSpeakerLabel(name),
        'Names like "Speaker 2" are the labels of voices nobody named; choose another name.',
      ),
  },
  { error: 'Send { "name": "…" }.' },
);
export type KnownVoicePatch = z.infer<typeof knownVoicePatchBody>;
