import { PCM_SAMPLE_RATE } from '../audio/pcm-format.js';
import type { PcmChunk } from '../audio/plan-chunks.js';
import type { TranscriptionResult } from '../engines/engine.js';
import { snapSegmentsToSpeech } from './snap-to-speech.js';
import type { SpeechRegion } from './speech-region.js';

/**
 * An engine's result for one chunk with its segments snapped to the chunk's speech; the text
 * follows the segments when any had to go.
 */
export function keepSpeech(
  result: TranscriptionResult,
  chunk: PcmChunk,
  regions: readonly SpeechRegion[],
): TranscriptionResult {
  const inChunk = regions
    .filter(
      (region) => region.startSample < chunk.endSample && region.endSample > chunk.startSample,
    )
    .map((region) => ({
      startSample: Math.max(region.startSample, chunk.startSample) - chunk.startSample,
      endSample: Math.min(region.endSample, chunk.endSample) - chunk.startSample,
    }));
  const segments = snapSegmentsToSpeech(result.segments, inChunk);
  if (segments.length === result.segments.length) return { ...result, segments };
  return {
    ...result,
    segments,
    text: segments
      .map((segment) => segment.text.trim())
      .filter(Boolean)
      .join(' '),
  };
}

export function speechSeconds(regions: readonly SpeechRegion[]): number {
  return (
    regions.reduce((sum, region) => sum + region.endSample - region.startSample, 0) /
    PCM_SAMPLE_RATE
  );
}
