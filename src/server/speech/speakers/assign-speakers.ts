import { speakerLabel } from '../../../core/speakers.js';
import type { TranscriptSegment } from '../engines/engine.js';
import type { SpeakerTurn } from './detect-speakers.js';
import { clampWords, wordsForText } from '../engines/segment-words.js';

export interface SpokenSegment extends TranscriptSegment {
  speaker: string;
}

/** A piece of a segment shorter than this stays with its neighbour: a voice change that brief is noise. */
const MIN_PIECE_SECONDS = 1;

/** Which voice speaks most of [start, end), or undefined where no turn covers it. */
function voiceOver(turns: readonly SpeakerTurn[], start: number, end: number): number | undefined {
  const time = new Map<number, number>();
  for (const turn of turns) {
    const overlap = Math.min(end, turn.end) - Math.max(start, turn.start);
    if (overlap > 0) time.set(turn.speaker, (time.get(turn.speaker) ?? 0) + overlap);
  }
  return [...time].sort((a, b) => b[1] - a[1])[0]?.[0];
}

/**
 * The segment cut where the voice changes, between the two words nearest the change (by the
 * words' own times; spread over the segment by their length when the engine timed none). Each
 * piece keeps its words.
 */
function splitAtVoiceChanges(
  segment: TranscriptSegment,
  turns: readonly SpeakerTurn[],
): { segment: TranscriptSegment; voice: number | undefined }[] {
  const inside = turns.filter((turn) => turn.end > segment.start && turn.start < segment.end);
  const changes = inside
    .slice(1)
    .map((turn, index) => ({
      at: (inside[index]!.end + turn.start) / 2,
      from: inside[index]!,
      to: turn,
    }))
    .filter(
      ({ at, from, to }) =>
        from.speaker !== to.speaker &&
        at - segment.start >= MIN_PIECE_SECONDS &&
        segment.end - at >= MIN_PIECE_SECONDS,
    );
  const words = wordsForText(segment, segment.words);
  if (changes.length === 0 || words.length < 2)
    return [{ segment, voice: voiceOver(turns, segment.start, segment.end) }];
  const pieces: { segment: TranscriptSegment; voice: number | undefined }[] = [];
  const piece = (from: number, to: number, start: number, end: number): TranscriptSegment => {
    const pieceWords = clampWords(words.slice(from, to), start, end);
    return { start, end, text: pieceWords.map((word) => word.word).join(' '), words: pieceWords };
  };
  let firstWord = 0;
  let pieceStart = segment.start;
  for (const change of changes) {
    // Words whose middle comes before the change are said before it.
    let cut = firstWord;
    const middle = (index: number) => (words[index]!.start + words[index]!.end) / 2;
    while (cut < words.length && middle(cut) < change.at) cut += 1;
    if (cut <= firstWord || cut >= words.length) continue;
    const end = Math.round(change.at * 1000) / 1000;
    pieces.push({
      segment: piece(firstWord, cut, pieceStart, end),
      voice: voiceOver(turns, pieceStart, end),
    });
    firstWord = cut;
    pieceStart = end;
  }
  pieces.push({
    segment: piece(firstWord, words.length, pieceStart, segment.end),
    voice: voiceOver(turns, pieceStart, segment.end),
  });
  return pieces;
}

/**
 * Gives every segment its speaker from the detected turns, cutting segments where the voice
 * changes, and names voices `Speaker 1`, `Speaker 2`, … in the order they first speak. A segment
 * no turn covers keeps the voice of the segment before it (or after it, at the start).
 */
export function assignSpeakers(
  segments: readonly TranscriptSegment[],
  turns: readonly SpeakerTurn[],
): SpokenSegment[] {
  const pieces = segments.flatMap((segment) => splitAtVoiceChanges(segment, turns));
  const firstVoice = pieces.find((piece) => piece.voice !== undefined)?.voice;
  const labels = new Map<number, string>();
  let previous = firstVoice;
  return pieces.map(({ segment, voice }) => {
    const heard = voice ?? previous;
    previous = heard;
    if (heard === undefined) return { ...segment, speaker: speakerLabel(1) };
    if (!labels.has(heard)) labels.set(heard, speakerLabel(labels.size + 1));
    return { ...segment, speaker: labels.get(heard)! };
  });
}
