import { isSpeakerLabel, speakersInOrder } from '../../core/speakers.js';
import type { StoredSegment } from '../db/schema.js';

/**
 * A line as search reads it: `Name: text` when its speaker has been named, as the search column
 * indexes names (labels such as `Speaker 2` are not), so a hit found by a name shows it marked.
 */
export function searchLine(segment: StoredSegment): { start: number; text: string } {
  const text = isSpeakerLabel(segment.speaker)
    ? segment.text
    : `${segment.speaker}: ${segment.text}`;
  return { start: segment.start, text };
}

/** The names people gave a transcript's speakers, in order of first appearance. */
export function namedSpeakers(segments: readonly StoredSegment[]): string[] {
  return speakersInOrder(segments).filter((speaker) => !isSpeakerLabel(speaker));
}

/** The lines a hit should point at first: those of the speaker searched for, if any. */
export function linesToShow(
  segments: readonly StoredSegment[],
  speaker: string | null,
): { start: number; text: string }[][] {
  const all = segments.map(searchLine);
  if (speaker === null) return [all];
  const wanted = speaker.toLowerCase();
  const theirs = segments
    .filter((segment) => segment.speaker.toLowerCase() === wanted)
    .map(searchLine);
  return [theirs, all];
}
