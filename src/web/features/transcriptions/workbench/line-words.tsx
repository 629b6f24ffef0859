import type { TimedWord } from '../../../../core/words';
import { isUncertain, wordsOfText } from '../../../../core/words';
import { cn } from '../../../lib/cn';

/** The line's timed words when they still spell its text (a line changed here has none until saved). */
export function wordsMatchingText(text: string, words: readonly TimedWord[] | undefined) {
  if (!words || words.length === 0) return null;
  const pieces = wordsOfText(text);
  return pieces.length === words.length && pieces.every((piece, at) => piece === words[at]?.word)
    ? words
    : null;
}

/** A seek lands on the audio's own frame, a hair before the time asked for. */
const SEEK_SLACK_SECONDS = 0.02;

/** Which word is being said at `time`: the last that has started, while the line plays. */
export function wordAt(words: readonly TimedWord[], time: number): number {
  let found = -1;
  for (const [index, word] of words.entries()) {
    if (word.start > time + SEEK_SLACK_SECONDS) break;
    found = index;
  }
  return found;
}

/**
 * A line's words: the one being said is highlighted, each is a place to seek to (the click also
 * reaches the line, which opens it for editing there), and the ones the machine was unsure of are
 * underlined with dots, their confidence in the tooltip.
 */
export function LineWords({
  words,
  playingWord,
  onSeek,
}: {
  words: readonly TimedWord[];
  playingWord: number;
  onSeek: (seconds: number) => void;
}) {
  return words.map((word, index) => {
    const uncertain = isUncertain(word);
    return (
      <span key={index}>
        {index > 0 ? ' ' : null}
        <span
          data-word-start={word.start}
          data-uncertain={uncertain ? 'true' : undefined}
          data-playing-word={index === playingWord ? 'true' : undefined}
          title={uncertain ? `Unsure: ${Math.round(word.confidence * 100)}% confidence` : undefined}
          onClick={() => onSeek(word.start)}
          className={cn(
            'rounded-sm',
            uncertain &&
              'underline decoration-amber-500 decoration-dotted decoration-2 underline-offset-4',
            index === playingWord && 'bg-brand-200 text-slate-950',
          )}
        >
          {word.word}
        </span>
      </span>
    );
  });
}
