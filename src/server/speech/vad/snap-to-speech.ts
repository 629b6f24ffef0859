import { PCM_SAMPLE_RATE } from '../audio/pcm-format.js';
import type { TranscriptSegment } from '../engines/engine.js';
import type { SpeechRegion } from './speech-region.js';

/** Whether any speech lies between two samples. */
export function holdsSpeech(
  regions: readonly SpeechRegion[],
  startSample: number,
  endSample: number,
): boolean {
  return regions.some((region) => region.startSample < endSample && region.endSample > startSample);
}

/**
 * Segment times snap to the speech under them: a segment starts no earlier than the speech it
 * overlaps and ends no later; one that overlaps no speech was made up from silence and goes.
 * Times are seconds from the start of the recording the regions were found in.
 */
export function snapSegmentsToSpeech<Segment extends TranscriptSegment>(
  segments: readonly Segment[],
  regions: readonly SpeechRegion[],
): Segment[] {
  const snapped: Segment[] = [];
  for (const segment of segments) {
    const overlapping = regions.filter(
      (region) =>
        region.startSample / PCM_SAMPLE_RATE < segment.end &&
        region.endSample / PCM_SAMPLE_RATE > segment.start,
    );
    const first = overlapping[0];
    const last = overlapping.at(-1);
    if (!first || !last) continue;
    const start = Math.max(segment.start, round(first.startSample / PCM_SAMPLE_RATE));
    const end = Math.min(segment.end, round(last.endSample / PCM_SAMPLE_RATE));
    snapped.push({ ...segment, start, end: Math.max(end, start) });
  }
  return snapped;
}

const round = (seconds: number): number => Math.round(seconds * 1000) / 1000;
