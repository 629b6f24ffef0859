import type { TranscriptSegment } from '../engine.js';
import {
  dropLeadingWords,
  indexOfWords,
  normalisedText,
  normalisedWords,
  overlapLength,
} from './transcript-words.js';
import type { VoiceActivity } from './voice-activity.js';

/**
 * What whisper writes over silence or background noise: thanks and sign-offs learnt from
 * subtitled videos. Dropped only where the audio under them is (nearly) unvoiced.
 */
const NON_SPEECH_PHRASES = new Set([
  'thank you',
  'thank you very much',
  'thank you so much',
  'thanks',
  'thanks for watching',
  'thank you for watching',
  'thanks for listening',
  'thank you for listening',
  'please subscribe',
  'like and subscribe',
  'subscribe to my channel',
  'bye',
  'bye bye',
  'goodbye',
  'you',
  'so',
  'okay',
  'oh',
  'hmm',
  'um',
  'uh',
  'music',
  'applause',
  'laughter',
  'silence',
  'blank audio',
  'subtitles by the amara org community',
  'transcription by castingwords',
]);
/** Sound descriptions and music marks: [BLANK_AUDIO], (wind blowing), ♪, *sighs*. */
const ANNOTATION = /^\s*(\[[^\]]*\]|\([^)]*\)|\*[^*]*\*|[♪♫\s]+)\s*$/u;
/** Below this share of voiced frames a stock phrase counts as made up. */
const VOICED_SHARE_FOR_PHRASES = 0.1;
/** Whisper's timestamps are loose; silence is checked this far around a segment. */
const TIMING_SLACK_SECONDS = 0.5;
/** Shorter runs of repeated words can be real ("no, no"): only longer ones are dropped. */
const MIN_REPEAT_WORDS = 3;
/** How far back into the previous window a repeated phrase is looked for, past its own length. */
const TAIL_SEARCH_WORDS = 8;

export interface CleanWindowInput {
  segments: readonly TranscriptSegment[];
  voice: VoiceActivity;
  /** The text of the window before this one in the same recording. */
  previousText?: string;
}

/**
 * Removes what whisper made up rather than heard: text over silence, stock phrases over
 * unvoiced audio, sound annotations, the previous window's tail written again at the start of
 * this one (the carried prompt invites it), and a phrase repeated back to back.
 */
export function cleanWindowSegments(input: CleanWindowInput): TranscriptSegment[] {
  const heard = input.segments
    .map((segment) => ({ ...segment, text: segment.text.trim() }))
    .filter((segment) => !isMadeUp(segment, input.voice));
  return dropRepeats(dropRepeatedTail(heard, input.previousText ?? ''));
}

function isMadeUp(segment: TranscriptSegment, voice: VoiceActivity): boolean {
  const text = normalisedText(segment.text);
  if (text === '' || ANNOTATION.test(segment.text)) return true;
  const start = segment.start - TIMING_SLACK_SECONDS;
  const end = Math.max(segment.end, segment.start) + TIMING_SLACK_SECONDS;
  if (voice.isSilent(start, end)) return true;
  return NON_SPEECH_PHRASES.has(text) && voice.voicedShare(start, end) < VOICED_SHARE_FOR_PHRASES;
}

function dropRepeatedTail(
  segments: readonly TranscriptSegment[],
  previousText: string,
): TranscriptSegment[] {
  const previous = normalisedWords(previousText);
  if (previous.length === 0) return [...segments];
  const previousSentence = normalisedText(lastSentence(previousText));
  const result: TranscriptSegment[] = [];
  let leading = true;
  for (const segment of segments) {
    if (leading) {
      const words = normalisedWords(segment.text);
      const tail = previous.slice(-(words.length + TAIL_SEARCH_WORDS));
      const repeated =
        (words.length >= MIN_REPEAT_WORDS && indexOfWords(tail, words) >= 0) ||
        words.join(' ') === previousSentence;
      if (repeated) continue;
      leading = false;
      const overlap = overlapLength(previous, words);
      if (overlap >= MIN_REPEAT_WORDS) {
        const text = dropLeadingWords(segment.text, overlap);
        if (text !== '') result.push({ ...segment, text });
        continue;
      }
    }
    result.push(segment);
  }
  return result;
}

function dropRepeats(segments: readonly TranscriptSegment[]): TranscriptSegment[] {
  const result: TranscriptSegment[] = [];
  for (const segment of segments) {
    const before = result.at(-1);
    const text = normalisedText(segment.text);
    if (
      before &&
      normalisedText(before.text) === text &&
      text.split(' ').length >= MIN_REPEAT_WORDS
    ) {
      before.end = Math.max(before.end, segment.end);
      continue;
    }
    result.push({ ...segment });
  }
  return result;
}

function lastSentence(text: string): string {
  const sentences = text
    .trim()
    .split(/(?<=[.!?])\s+/)
    .filter(Boolean);
  return sentences.at(-1) ?? '';
}
