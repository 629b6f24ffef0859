import type { TranscriptSegmentDto } from '../../../../core/api/transcriptions';
import { SPEAKER_NAME_MAX_CHARACTERS, speakerLabel } from '../../../../core/speakers';
import { transcriptText } from './segment-edits';

type Segments = readonly TranscriptSegmentDto[];

/** Why a speaker's name cannot be used, or null when it can (it is trimmed first). */
export function speakerNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return 'Give the speaker a name.';
  if (trimmed.length > SPEAKER_NAME_MAX_CHARACTERS) {
    return `A name has at most ${SPEAKER_NAME_MAX_CHARACTERS} characters.`;
  }
  return null;
}

/**
 * Every line of one speaker given the new name; the same array when nothing changes. A name
 * another speaker already has joins the two (one person heard as two voices).
 */
export function renameSpeaker(segments: Segments, from: string, to: string): Segments {
  const name = to.trim();
  if (!name || name === from || !segments.some((segment) => segment.speaker === from)) {
    return segments;
  }
  return segments.map((segment) =>
    segment.speaker === from ? { ...segment, speaker: name } : segment,
  );
}

/** One line given to another speaker; the same array when it is theirs already. */
export function reassignSegment(segments: Segments, index: number, speaker: string): Segments {
  const segment = segments[index];
  if (!segment || segment.speaker === speaker) return segments;
  return segments.map((current, at) => (at === index ? { ...current, speaker } : current));
}

/**
 * The label for a speaker the user adds: `Speaker n` after the speakers there are (a renamed
 * `Speaker 1` does not make the newcomer `Speaker 1`), the next free one if that is taken.
 */
export function newSpeakerLabel(segments: Segments): string {
  const used = new Set(segments.map((segment) => segment.speaker));
  let n = used.size + 1;
  while (used.has(speakerLabel(n))) n += 1;
  return speakerLabel(n);
}

/** Where a turn begins: the first line, and each line whose speaker differs from the one before. */
export function startsTurn(segments: Segments, index: number): boolean {
  return index === 0 || segments[index - 1]?.speaker !== segments[index]?.speaker;
}

export interface SpeakerTurn {
  speaker: string;
  /** The turn's lines joined as the transcript joins them. */
  text: string;
}

/** Consecutive lines of one speaker as one turn each. */
export function speakerTurns(segments: Segments): SpeakerTurn[] {
  const turns: Array<{ speaker: string; lines: Segments[number][] }> = [];
  segments.forEach((segment, index) => {
    if (startsTurn(segments, index)) turns.push({ speaker: segment.speaker, lines: [] });
    turns.at(-1)?.lines.push(segment);
  });
  return turns.map(({ speaker, lines }) => ({ speaker, text: transcriptText(lines) }));
}
