import type { TranscriptSegmentDto } from '../../../core/api/transcriptions.js';
import { wordsOfText, type TimedWord } from '../../../core/words.js';
import { wordsForText } from '../../speech/engines/segment-words.js';
import type { SubtitleLine } from './subtitle-cues.js';

/**
 * A transcript line made ready for a subtitle format: each word cleaned as the format needs (the
 * line's text is rebuilt from them, so words and text still match), and, at a change of speaker,
 * the speaker's name put before the first word at its time.
 */
export function subtitleLine(
  segment: Pick<TranscriptSegmentDto, 'start' | 'end' | 'text' | 'words'>,
  clean: (text: string) => string,
  speakerPrefix?: string,
): SubtitleLine {
  const cleaned = wordsForText(segment, segment.words).flatMap((word) =>
    wordsOfText(clean(word.word)).map((piece) => ({ ...word, word: piece })),
  );
  const at = cleaned[0]?.start ?? segment.start;
  const prefix: TimedWord[] = speakerPrefix
    ? wordsOfText(clean(speakerPrefix)).map((word) => ({ word, start: at, end: at, confidence: 1 }))
    : [];
  const words = [...prefix, ...cleaned];
  return {
    start: segment.start,
    end: segment.end,
    text: words.map((word) => word.word).join(' '),
    words,
  };
}
