import type { TranscriptSegmentDto } from '../../../../core/api/transcriptions';

type Segments = readonly TranscriptSegmentDto[];

/** The segments with one segment's text replaced; the same array when nothing changes. */
export function replaceSegmentText(segments: Segments, index: number, text: string): Segments {
  const segment = segments[index];
  if (!segment || segment.text === text) return segments;
  return segments.map((current, at) => (at === index ? { ...current, text } : current));
}

/**
 * Splits a segment in two at a character offset of its text. Its time is shared in proportion to
 * the characters on each side, so the cut lands near where the words are spoken. A cut at either
 * end, or one that would leave a side without words, changes nothing.
 */
export function splitSegment(segments: Segments, index: number, offset: number): Segments {
  const segment = segments[index];
  if (!segment) return segments;
  const before = segment.text.slice(0, offset).trimEnd();
  const after = segment.text.slice(offset).trimStart();
  if (!before || !after) return segments;
  const share = before.length / (before.length + after.length);
  const cut = roundToMilliseconds(segment.start + (segment.end - segment.start) * share);
  return [
    ...segments.slice(0, index),
    { ...segment, start: segment.start, end: cut, text: before },
    { ...segment, start: cut, end: segment.end, text: after },
    ...segments.slice(index + 1),
  ];
}

/** Joins a segment with the one after it: one segment spanning both, their texts joined by a space. */
export function mergeWithNext(segments: Segments, index: number): Segments {
  const segment = segments[index];
  const next = segments[index + 1];
  if (!segment || !next) return segments;
  const text = [segment.text.trim(), next.text.trim()].filter(Boolean).join(' ');
  return [
    ...segments.slice(0, index),
    // The joined line stays with the first line's speaker.
    { ...segment, end: Math.max(segment.end, next.end), text },
    ...segments.slice(index + 2),
  ];
}

/** The whole transcript as one text, built as the server builds it: segment texts joined by spaces. */
export function transcriptText(segments: Segments): string {
  return segments
    .map((segment) => segment.text.trim())
    .filter(Boolean)
    .join(' ');
}

/** The segment playing at `time`, or -1 between and outside segments. */
export function segmentIndexAt(segments: Segments, time: number): number {
  return segments.findIndex((segment) => time >= segment.start && time < segment.end);
}

/** The segment to show for a moment: the one playing then, else the last one started before it. */
export function nearestSegmentIndex(segments: Segments, time: number): number {
  const playing = segmentIndexAt(segments, time);
  if (playing >= 0) return playing;
  let nearest = segments.length > 0 ? 0 : -1;
  segments.forEach((segment, index) => {
    if (segment.start <= time) nearest = index;
  });
  return nearest;
}

function roundToMilliseconds(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}
