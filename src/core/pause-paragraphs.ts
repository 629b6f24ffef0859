/** A silence at least this long between two lines starts a new paragraph. */
export const PARAGRAPH_PAUSE_SECONDS = 1.5;
/** Past this many words a paragraph ends at the next sentence end or short pause, so a speaker
 * who never stops for breath does not become one wall of text. */
export const LONG_PARAGRAPH_WORDS = 100;
const SHORT_PAUSE_SECONDS = 0.5;
const SENTENCE_END = /[.!?…。！？]["'”’)\]]*$/u;

interface TimedLine {
  start: number;
  end: number;
  text: string;
}

function wordCount(text: string): number {
  return text.split(/\s+/u).filter(Boolean).length;
}

/**
 * One speaker's lines as paragraphs of running text: a new paragraph where they paused, or where
 * a long paragraph reaches the end of a sentence. Lines without words are left out.
 */
export function pauseParagraphs(lines: readonly TimedLine[]): string[] {
  const paragraphs: string[][] = [];
  let words = 0;
  let previous: TimedLine | null = null;
  for (const line of lines) {
    const text = line.text.trim();
    if (text === '') continue;
    const current = paragraphs.at(-1);
    const pause = previous ? line.start - previous.end : 0;
    const longEnough =
      words >= LONG_PARAGRAPH_WORDS &&
      (pause >= SHORT_PAUSE_SECONDS || SENTENCE_END.test(previous?.text.trim() ?? ''));
    if (!current || pause >= PARAGRAPH_PAUSE_SECONDS || longEnough) {
      paragraphs.push([text]);
      words = wordCount(text);
    } else {
      current.push(text);
      words += wordCount(text);
    }
    previous = line;
  }
  return paragraphs.map((paragraph) => paragraph.join(' '));
}
