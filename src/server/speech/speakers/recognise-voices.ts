import { voiceStatisticsOver, type TimeSpan, type VoiceStatistics } from './voice-statistics.js';

export interface KnownVoice {
  name: string;
  statistics: VoiceStatistics;
}

/**
 * Below this distance a voice heard is taken for a known one. Chosen with `npm run bench:speakers`
 * (known voices section): see docs/decisions/0051 and 0068.
 */
export const SAME_VOICE_BELOW = 1.35;

/**
 * A line keeps its speaker's name only when every other known voice is this many times farther
 * from it than the voice it is named after: a line about as close to two known voices says too
 * little about which one it is (decision 0074; 1 before). Chosen with `npm run bench:speakers`.
 */
export const OTHER_VOICES_FARTHER_BY = 1.15;

/** A voice (or a line) needs this much speech (10 ms frames) to be compared: 1 s. */
const MIN_FRAMES = 100;

function meanAndVariance(statistics: VoiceStatistics): { mean: number[]; variance: number[] } {
  const mean = statistics.sums.map((sum) => sum / statistics.frames);
  const variance = statistics.squares.map((square, c) =>
    Math.max(1e-6, square / statistics.frames - mean[c]! ** 2),
  );
  return { mean, variance };
}

/**
 * How far apart two voices are: the distance of their mean cepstra, each cepstrum weighed by how
 * much it varies within the two voices (a Mahalanobis distance with their pooled diagonal spread).
 */
export function voiceDistance(a: VoiceStatistics, b: VoiceStatistics): number {
  const first = meanAndVariance(a);
  const second = meanAndVariance(b);
  let total = 0;
  first.mean.forEach((mean, c) => {
    total += (mean - second.mean[c]!) ** 2 / ((first.variance[c]! + second.variance[c]!) / 2);
  });
  return Math.sqrt(total);
}

/**
 * The known voice each voice heard is (by its label), where one is close enough. The closest pairs
 * are matched first and each name is given once, so two speakers of one recording never share a
 * name.
 */
export function recogniseVoices(
  heard: ReadonlyMap<string, VoiceStatistics>,
  known: readonly KnownVoice[],
  sameVoiceBelow = SAME_VOICE_BELOW,
): Map<string, string> {
  const pairs: { label: string; name: string; distance: number }[] = [];
  for (const [label, statistics] of heard) {
    if (statistics.frames < MIN_FRAMES) continue;
    for (const voice of known) {
      if (voice.statistics.frames < MIN_FRAMES) continue;
      const distance = voiceDistance(statistics, voice.statistics);
      if (distance < sameVoiceBelow) pairs.push({ label, name: voice.name, distance });
    }
  }
  pairs.sort((a, b) => a.distance - b.distance);
  const names = new Map<string, string>();
  const given = new Set<string>();
  for (const { label, name } of pairs) {
    if (names.has(label) || given.has(name)) continue;
    names.set(label, name);
    given.add(name);
  }
  return names;
}

export interface HeardLine extends TimeSpan {
  speaker: string;
}

/**
 * The name each line gets from the known voices, or undefined. Speakers are recognised whole
 * (`recogniseVoices`); then each line of a recognised speaker with a second of speech or more is
 * checked on its own, and keeps no name when another known voice is closer to it than the one its
 * speaker got: where detection heard two people as one voice, the other person's lines are not
 * given the name (decision 0068). Nor when another is nearly as close (`otherVoicesFartherBy`):
 * then the line could be either, or a stranger's (decision 0074).
 */
export function nameLines(
  blocks: readonly (Float64Array | null)[],
  lines: readonly HeardLine[],
  known: readonly KnownVoice[],
  sameVoiceBelow = SAME_VOICE_BELOW,
  otherVoicesFartherBy = OTHER_VOICES_FARTHER_BY,
): (string | undefined)[] {
  const heard = new Map(
    [...new Set(lines.map((line) => line.speaker))].map((speaker) => [
      speaker,
      voiceStatisticsOver(
        blocks,
        lines.filter((line) => line.speaker === speaker),
      ),
    ]),
  );
  const names = recogniseVoices(heard, known, sameVoiceBelow);
  const byName = new Map(known.map((voice) => [voice.name, voice.statistics]));
  return lines.map((line) => {
    const name = names.get(line.speaker);
    if (name === undefined) return undefined;
    const statistics = voiceStatisticsOver(blocks, [line]);
    if (statistics.frames < MIN_FRAMES) return name;
    const distance = voiceDistance(statistics, byName.get(name)!);
    const asClose = known.some(
      (voice) =>
        voice.name !== name &&
        voice.statistics.frames >= MIN_FRAMES &&
        voiceDistance(statistics, voice.statistics) < distance * otherVoicesFartherBy,
    );
    return asClose ? undefined : name;
  });
}
