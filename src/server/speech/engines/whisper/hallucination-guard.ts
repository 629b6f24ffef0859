import { deflateSync } from 'node:zlib';

/** What whisper's own answer shows when it made text up rather than heard it. */
export type HallucinationSign =
  'repetition' | 'compression-ratio' | 'no-speech' | 'low-log-probability';

/** A segment as whisper-server's verbose_json gives it, with the figures the guard reads. */
export interface ScoredSegment {
  text: string;
  tokens?: readonly number[];
  /** Mean log probability of the segment's tokens. */
  avgLogprob?: number;
  /** whisper's probability, at the window's first step, that it holds no speech. */
  noSpeechProb?: number;
}

export interface HallucinationLimits {
  /** OpenAI whisper's default: text that gzip shrinks more than this is a loop. */
  maxCompressionRatio: number;
  /** OpenAI whisper's default: a window whose tokens average below this was guessed. */
  minAvgLogprob: number;
  /** Above this, whisper itself says the window holds no speech, whatever it wrote. */
  maxNoSpeechProb: number;
  /** The same phrase this many times in a row (a single word one more) is a loop. */
  maxPhraseRepeats: number;
}

export const DEFAULT_HALLUCINATION_LIMITS: HallucinationLimits = {
  maxCompressionRatio: 2.4,
  minAvgLogprob: -1,
  maxNoSpeechProb: 0.8,
  maxPhraseRepeats: 3,
};

const LONGEST_PHRASE_WORDS = 8;

/** Every sign of invention in one window's answer; empty when it looks heard. */
export function signsOfHallucination(
  segments: readonly ScoredSegment[],
  limits: HallucinationLimits = DEFAULT_HALLUCINATION_LIMITS,
): HallucinationSign[] {
  const text = segments.map((segment) => segment.text.trim()).join(' ');
  if (text === '') return [];
  const signs: HallucinationSign[] = [];
  const tokens = segments.flatMap((segment) => segment.tokens ?? []);
  if (repeatsAPhrase(words(text), limits.maxPhraseRepeats) || repeatsAToken(tokens, limits))
    signs.push('repetition');
  if (compressionRatio(text) > limits.maxCompressionRatio) signs.push('compression-ratio');
  if (segments.some((segment) => (segment.noSpeechProb ?? 0) > limits.maxNoSpeechProb))
    signs.push('no-speech');
  const logprob = meanLogprob(segments);
  if (logprob !== undefined && logprob < limits.minAvgLogprob) signs.push('low-log-probability');
  return signs;
}

/** Bytes of the text over bytes of its deflated form, as OpenAI's whisper measures it. */
export function compressionRatio(text: string): number {
  const bytes = Buffer.from(text, 'utf8');
  return bytes.length / deflateSync(bytes).length;
}

function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}' ]+/gu, ' ')
    .split(/\s+/)
    .filter(Boolean);
}

/** A phrase of 2-8 words more than `maxRepeats` times in a row, or one word once more. */
function repeatsAPhrase(list: readonly string[], maxRepeats: number): boolean {
  for (let length = 1; length <= LONGEST_PHRASE_WORDS; length += 1) {
    const allowed = length === 1 ? maxRepeats + 1 : maxRepeats;
    for (let start = 0; start + length * (allowed + 1) <= list.length; start += 1) {
      let repeats = 1;
      for (
        let next = start + length;
        next + length <= list.length && samePhrase(list, start, next, length);
        next += length
      )
        repeats += 1;
      if (repeats > allowed) return true;
    }
  }
  return false;
}

function samePhrase(list: readonly string[], a: number, b: number, length: number): boolean {
  for (let offset = 0; offset < length; offset += 1)
    if (list[a + offset] !== list[b + offset]) return false;
  return true;
}

/** Tokens glued without spaces ("kakakaka") loop too: the same token many times in a row. */
function repeatsAToken(tokens: readonly number[], limits: HallucinationLimits): boolean {
  let run = 1;
  for (let index = 1; index < tokens.length; index += 1) {
    run = tokens[index] === tokens[index - 1] ? run + 1 : 1;
    if (run > (limits.maxPhraseRepeats + 1) * 2) return true;
  }
  return false;
}

function meanLogprob(segments: readonly ScoredSegment[]): number | undefined {
  let sum = 0;
  let weight = 0;
  for (const segment of segments) {
    if (segment.avgLogprob === undefined || !Number.isFinite(segment.avgLogprob)) continue;
    const tokens = Math.max(1, segment.tokens?.length ?? 1);
    sum += segment.avgLogprob * tokens;
    weight += tokens;
  }
  return weight === 0 ? undefined : sum / weight;
}
