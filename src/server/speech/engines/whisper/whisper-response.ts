import { joinTokensIntoWords } from './join-tokens-into-words.js';
import { z } from 'zod';
import type { TranscriptSegment } from '../engine.js';
import type { ScoredSegment } from './hallucination-guard.js';

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
        tokens: z.array(z.number()).optional(),
        // whisper.cpp divides by the token count, which is 0 in an empty segment: null, not NaN.
        avg_logprob: z.number().nullable().optional(),
        no_speech_prob: z.number().nullable().optional(),
      }),
    )
    .default([]),
});

export interface WhisperServerAnswer {
  /** What whisper-server did: it quietly transcribes when a model cannot translate. */
  task: 'transcribe' | 'translate' | undefined;
  language: string | undefined;
  segments: TranscriptSegment[];
  /** The same segments with what the hallucination guard reads. */
  scored: ScoredSegment[];
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
    scored: parsed.segments.map((segment) => ({
      text: segment.text,
      ...(segment.tokens ? { tokens: segment.tokens } : {}),
      ...(segment.avg_logprob == null ? {} : { avgLogprob: segment.avg_logprob }),
      ...(segment.no_speech_prob == null ? {} : { noSpeechProb: segment.no_speech_prob }),
    })),
  };
}
