import { z } from 'zod';

/** Noise suppression before recognition: `auto` decides per recording (docs/decisions/0060). */
export const DENOISE_SETTINGS = ['auto', 'on', 'off'] as const;
export type DenoiseSetting = (typeof DENOISE_SETTINGS)[number];

export const DENOISE_FIELD_MESSAGE = 'denoise must be "auto", "on" or "off".';

/** The `denoise` form field of an upload. */
export const denoiseFieldSchema = z
  .enum(DENOISE_SETTINGS, { error: DENOISE_FIELD_MESSAGE })
  .default('auto')
  .describe(
    'Noise suppression before recognition: `auto` (the default) where it is measured to help, `on` always, `off` never.',
  );

/** Stretches of audio whose words were dropped as made up, and why: the transcript says so. */
export const droppedAudioSchema = z
  .array(
    z.object({
      start: z.number(),
      end: z.number(),
      reasons: z.array(z.string()),
    }),
  )
  .describe(
    'Stretches (seconds) whose recognised words were dropped because they looked invented (`repetition`, `compression-ratio`, `no-speech`, `low-log-probability`), even after retries.',
  );
export type DroppedAudioDto = z.infer<typeof droppedAudioSchema>;
