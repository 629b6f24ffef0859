import { exportSrt } from '../transcriptions/exports/srt.js';
import { exportVtt } from '../transcriptions/exports/vtt.js';
import type { TranscriptionRow } from '../transcriptions/transcription.repository.js';
import { languageNameOfCode } from '../speech/engines/language-codes.js';

import type { z } from 'zod';
import type {
  ResponseFormat,
  transcriptionJsonSchema,
  transcriptionVerboseSchema,
} from '../../core/api/openai.js';

export interface TranscriptionAnswer {
  contentType: string;
  body:
    string | z.infer<typeof transcriptionJsonSchema> | z.infer<typeof transcriptionVerboseSchema>;
}

/** OpenAI bills and reports whisper by the second of audio. */
function usage(row: TranscriptionRow) {
  return { type: 'duration' as const, seconds: Math.ceil(row.durationInSeconds) };
}

/**
 * A finished transcript in OpenAI's shape for the asked format. `verbose_json` segments carry
 * what the engines measure (times and text); OpenAI's decoder statistics are left out rather
 * than invented.
 */
export function transcriptionAnswer(
  row: TranscriptionRow,
  format: ResponseFormat,
  temperature: number,
): TranscriptionAnswer {
  const source = {
    filename: row.filename,
    text: row.text,
    segments: row.segments,
    durationInSeconds: row.durationInSeconds,
    language: row.language,
    createdAt: row.createdAt,
  };
  const plain = 'text/plain; charset=utf-8';
  switch (format) {
    case 'text':
      return { contentType: plain, body: `${row.text}\n` };
    case 'srt':
      return { contentType: plain, body: String(exportSrt(source).body) };
    case 'vtt':
      return { contentType: plain, body: String(exportVtt(source).body) };
    case 'verbose_json':
      return {
        contentType: 'application/json; charset=utf-8',
        body: {
          task: 'transcribe',
          language: row.language === null ? 'unknown' : languageNameOfCode(row.language),
          duration: row.durationInSeconds,
          text: row.text,
          segments: row.segments.map((segment, id) => ({
            id,
            seek: 0,
            start: segment.start,
            end: segment.end,
            text: segment.text,
            tokens: [],
            temperature,
          })),
          usage: usage(row),
        },
      };
    case 'json':
      return {
        contentType: 'application/json; charset=utf-8',
        body: { text: row.text, usage: usage(row) },
      };
  }
}
