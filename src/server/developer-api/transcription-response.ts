import { segmentsWithWords } from '../speech/engines/segment-words.js';
import { exportSrt } from '../transcriptions/exports/srt.js';
import { exportVtt } from '../transcriptions/exports/vtt.js';
import type { TranscriptionRow } from '../transcriptions/transcription.repository.js';
import { languageNameOfCode } from '../speech/engines/language-codes.js';
import { engineUsed } from './offered-models.js';

import type { z } from 'zod';
import type { ResponseFormat, transcriptionAnswerSchema } from '../../core/api/openai.js';

export interface TranscriptionAnswer {
  contentType: string;
  body: z.infer<typeof transcriptionAnswerSchema>;
}

/** OpenAI bills and reports whisper by the second of audio. */
function usage(row: TranscriptionRow) {
  return { type: 'duration' as const, seconds: Math.ceil(row.durationInSeconds) };
}

/**
 * A finished transcript in OpenAI's shape for the asked format. `verbose_json` segments carry
 * what the engines measure (times and text) and the speaker, and `words` when word timestamps
 * are asked for; OpenAI's decoder statistics are
 * left out rather than invented. `diarized_json` is OpenAI's `TranscriptionDiarized`, with the
 * library's speaker names.
 */
export function transcriptionAnswer(
  row: TranscriptionRow,
  format: ResponseFormat,
  temperature: number,
  granularities: readonly string[] = [],
): TranscriptionAnswer {
  const source = {
    filename: row.filename,
    text: row.text,
    segments: segmentsWithWords(row.segments),
    durationInSeconds: row.durationInSeconds,
    language: row.language,
    createdAt: row.createdAt,
  };
  const model = engineUsed(row) ?? 'unknown';
  const plain = 'text/plain; charset=utf-8';
  const json = 'application/json; charset=utf-8';
  switch (format) {
    case 'text':
      return { contentType: plain, body: `${row.text}\n` };
    case 'srt':
      return { contentType: plain, body: String(exportSrt(source).body) };
    case 'vtt':
      return { contentType: plain, body: String(exportVtt(source).body) };
    case 'verbose_json':
      return {
        contentType: json,
        body: {
          task: row.task,
          model,
          // OpenAI names the language of the text: a translation's is English.
          language:
            row.task === 'translate'
              ? 'english'
              : row.language === null
                ? 'unknown'
                : languageNameOfCode(row.language),
          duration: row.durationInSeconds,
          text: row.text,
          ...(granularities.includes('word')
            ? {
                words: source.segments.flatMap((segment) =>
                  segment.words.map(({ word, start, end }) => ({ word, start, end })),
                ),
              }
            : {}),
          segments: row.segments.map((segment, id) => ({
            id,
            seek: 0,
            start: segment.start,
            end: segment.end,
            text: segment.text,
            tokens: [],
            temperature,
            speaker: segment.speaker,
          })),
          usage: usage(row),
        },
      };
    case 'diarized_json':
      return {
        contentType: json,
        body: {
          task: 'transcribe',
          model,
          duration: row.durationInSeconds,
          text: row.text,
          segments: row.segments.map((segment, index) => ({
            type: 'transcript.text.segment' as const,
            id: `seg_${index}`,
            start: segment.start,
            end: segment.end,
            text: segment.text,
            speaker: segment.speaker,
          })),
          usage: usage(row),
        },
      };
    case 'json':
      return {
        contentType: json,
        body: { text: row.text, model, usage: usage(row) },
      };
  }
}
