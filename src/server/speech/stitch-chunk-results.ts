import type { PcmChunk } from './audio/plan-chunks.js';
import {
  PCM_SAMPLE_RATE,
  type TranscriptSegment,
  type TranscriptionResult,
} from './engines/engine.js';

const roundToMilliseconds = (seconds: number): number => Math.round(seconds * 1000) / 1000;

/**
 * Joins per-chunk results in chunk order. Engines time segments from the start of their chunk;
 * here they move to seconds from the start of the recording and are kept inside their chunk, so
 * the whole list is in order even when an engine overshoots a chunk's end.
 */
export function stitchChunkResults(
  chunks: readonly PcmChunk[],
  results: readonly TranscriptionResult[],
): TranscriptionResult {
  const segments: TranscriptSegment[] = [];
  const texts: string[] = [];
  let language: string | undefined;
  chunks.forEach((chunk, index) => {
    const result = results[index];
    if (!result) return;
    const chunkStart = chunk.startSample / PCM_SAMPLE_RATE;
    const chunkEnd = chunk.endSample / PCM_SAMPLE_RATE;
    const inChunk = (seconds: number): number => Math.min(Math.max(seconds, chunkStart), chunkEnd);
    const ordered = [...result.segments].sort((left, right) => left.start - right.start);
    for (const segment of ordered) {
      const text = segment.text.trim();
      if (text === '') continue;
      const start = inChunk(chunkStart + segment.start);
      const end = Math.max(start, inChunk(chunkStart + segment.end));
      segments.push({ start: roundToMilliseconds(start), end: roundToMilliseconds(end), text });
    }
    const text = result.text.trim();
    if (text !== '') texts.push(text);
    language ??= result.language;
  });
  return { text: texts.join(' '), segments, ...(language ? { language } : {}) };
}
