import type { TimedWord } from '../../../../core/words.js';

interface ServiceSegment {
  start: number;
  end: number;
  text: string;
  avg_logprob?: number;
}

/**
 * OpenAI's verbose_json lists words apart from segments: each word goes to the segment its middle
 * falls in (or the nearest). The service gives no word's probability; its segment's mean token
 * log-probability stands for each of its words.
 */
export function wordsIntoSegments(
  segments: readonly ServiceSegment[],
  words: readonly { word: string; start: number; end: number }[],
): (ServiceSegment & { words?: TimedWord[] })[] {
  if (words.length === 0 || segments.length === 0)
    return segments.map((segment) => ({ ...segment }));
  const grouped: TimedWord[][] = segments.map(() => []);
  const confidenceOf = (segment: ServiceSegment): number =>
    segment.avg_logprob === undefined ? 1 : Math.min(1, Math.max(0, Math.exp(segment.avg_logprob)));
  for (const word of words) {
    const middle = (word.start + word.end) / 2;
    let best = 0;
    let bestDistance = Infinity;
    segments.forEach((segment, index) => {
      const distance =
        middle < segment.start
          ? segment.start - middle
          : middle > segment.end
            ? middle - segment.end
            : 0;
      if (distance < bestDistance) {
        best = index;
        bestDistance = distance;
      }
    });
    grouped[best]!.push({
      word: word.word.trim(),
      start: word.start,
      end: Math.max(word.start, word.end),
      confidence: confidenceOf(segments[best]!),
    });
  }
  return segments.map((segment, index) => ({ ...segment, words: grouped[index] }));
}
