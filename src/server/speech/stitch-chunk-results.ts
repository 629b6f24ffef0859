import type { PcmChunk } from './audio/plan-chunks.js';
import { type TranscriptSegment, type TranscriptionResult } from './engines/engine.js';
import { PCM_SAMPLE_RATE } from './audio/pcm-format.js';
import { fitSegments } from './engines/fit-segments.js';
import { shiftWords, wordsForText } from './engines/segment-words.js';

const roundToMilliseconds = (seconds: number): number => Math.round(seconds * 1000) / 1000;

/**
 * Joins per-chunk results in chunk order. Engines time segments from the start of their chunk;
 * here they move to seconds from the start of the recording and are fitted inside their chunk
 * (see fitSegments), so the whole list is in spoken order, without overlaps or zero-length
 * segments, even when an engine overshoots a chunk's end. Word times move with their segments.
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
    const chunkStart = roundToMilliseconds(chunk.startSample / PCM_SAMPLE_RATE);
    const chunkEnd = roundToMilliseconds(chunk.endSample / PCM_SAMPLE_RATE);
    const moved = result.segments.map((segment) => ({
      start: roundToMilliseconds(chunkStart + segment.start),
      end: roundToMilliseconds(chunkStart + segment.end),
      text: segment.text,
      ...(segment.words ? { words: shiftWords(segment.words, chunkStart) } : {}),
    }));
    // Every stored line carries its words, matching its text (spread over it when the engine
    // timed none).
    segments.push(
      ...fitSegments(moved, chunkStart, chunkEnd).map((segment) => ({
        ...segment,
        words: wordsForText(segment, segment.words),
      })),
    );
    const text = result.text.trim();
    if (text !== '') texts.push(text);
    language ??= result.language;
  });
  return { text: texts.join(' '), segments, ...(language ? { language } : {}) };
}
