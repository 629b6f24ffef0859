import { segmentsWithWords } from '../../speech/engines/segment-words.js';
import type { TranscriptionRow } from '../transcription.repository.js';
import type { ExportSource } from './export-format.js';

/** What a download of this transcript reads: as edited, or the machine's original. */
export function exportSourceOf(
  row: Pick<
    TranscriptionRow,
    | 'filename'
    | 'text'
    | 'segments'
    | 'originalText'
    | 'originalSegments'
    | 'durationInSeconds'
    | 'language'
    | 'createdAt'
  >,
  version: 'current' | 'original' = 'current',
): ExportSource {
  const original = version === 'original';
  return {
    filename: row.filename,
    text: original ? (row.originalText ?? row.text) : row.text,
    segments: segmentsWithWords(original ? (row.originalSegments ?? row.segments) : row.segments),
    durationInSeconds: row.durationInSeconds,
    language: row.language,
    createdAt: row.createdAt,
  };
}
