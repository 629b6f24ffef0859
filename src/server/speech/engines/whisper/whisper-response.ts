import { joinTokensIntoWords } from './join-tokens-into-words.js';
import { z } from 'zod';
import type { TranscriptSegment } from '../engine.js';

/** The parts of whisper-server's `verbose_json` answer the engine uses. */
const verboseJsonSchema = z.object({
  task: z.enum(['transcribe', 'translate']).optional(),
  language: z.string().optional(),
  segments: z
    .array(
      z.object({
        text: z.string(),
        start: z.number(),
        end: z.number(),
        words: z
          .array(
            z.object({
              word: z.string(),
              start: z.number().optional(),
              end: z.number().optional(),
              t_dtw: z.number().optional(),
              probability: z.number(),
            }),
          )
          .optional(),
      }),
    )
    .default([]),
});

export interface WhisperServerAnswer {
  /** What whisper-server did: it quietly transcribes when a model cannot translate. */
  task: 'transcribe' | 'translate' | undefined;
  language: string | undefined;
  segments: TranscriptSegment[];
}

export function parseWhisperAnswer(body: unknown): WhisperServerAnswer {
  const parsed = verboseJsonSchema.parse(body);
  return {
    task: parsed.task,
    language: parsed.language,
    segments: parsed.segments.map((segment) => ({
      start: segment.start,
      end: Math.max(segment.start, segment.end),
      text: segment.text,
      ...(segment.words ? { words: joinTokensIntoWords(segment.words) } : {}),
    })),
  };
}
