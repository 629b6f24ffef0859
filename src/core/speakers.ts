/**
 * Speakers in a transcript (issue 26). Every segment names its speaker; a transcript whose
 * segments all name one speaker is shown and exported without names.
 */

/** The most voices detection looks for, and the most a user may ask for. */
export const MAX_SPEAKERS = 10;

/** A speaker's name, as a user gives it: 1 to this many characters. */
export const SPEAKER_NAME_MAX_CHARACTERS = 60;

/** The label of the n-th voice to speak (from 1), before anyone names it. */
export function speakerLabel(n: number): string {
  return `Speaker ${n}`;
}

/** Whether a speaker is still known only by the label detection gave (`Speaker 2`), unnamed. */
export function isSpeakerLabel(speaker: string): boolean {
  return /^Speaker [0-9]+$/.test(speaker);
}

/** The speaker of a transcript made before speakers were detected, or of a one-voice recording. */
export const FIRST_SPEAKER = speakerLabel(1);

/** How many voices the upload asks detection for: `auto`, or exactly 1 to 10. */
export type SpeakersRequested = 'auto' | number;

/** The speakers in order of first appearance. */
export function speakersInOrder(segments: readonly { speaker: string }[]): string[] {
  return [...new Set(segments.map((segment) => segment.speaker))];
}

/** Names are shown only when more than one person speaks. */
export function hasSeveralSpeakers(segments: readonly { speaker: string }[]): boolean {
  const first = segments[0]?.speaker;
  return segments.some((segment) => segment.speaker !== first);
}
