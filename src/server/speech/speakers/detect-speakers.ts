import { MAX_SPEAKERS } from '../../../core/speakers.js';
import { CEPSTRA } from './mel-cepstrum.js';
import { clusterVectors, cosineDistance, dendrogram } from './cluster-speakers.js';
import { BLOCK_SECONDS } from './speaker-features.js';

/** A stretch of one voice, seconds from the start of the recording; speakers numbered from 0. */
export interface SpeakerTurn {
  start: number;
  end: number;
  speaker: number;
}

export interface DetectSpeakersOptions {
  /** Exactly this many voices (1-10), or undefined to find how many. */
  speakers?: number;
  tuning?: Partial<typeof DEFAULT_TUNING>;
}

export const DEFAULT_TUNING = {
  /** Blocks per window that is clustered (3 s) and between two windows (0.5 s). */
  windowBlocks: 12,
  hopBlocks: 2,
  /** Blocks around each quarter second that say whose voice it is in the final pass. */
  contextBlocks: 8,
  /** A window with less speech than this (in 10 ms frames) says too little about its voice. */
  minWindowFrames: 50,
  /** What a change of voice costs in the final pass, in units of cosine distance, at a pause. */
  switchCost: 2,
  /** How many times more a change costs inside continuous speech, where people seldom take turns. */
  midSpeechSwitchFactor: 6,
  /**
   * Voices whose speech, as the final pass gave it out, is closer than this (Euclidean distance
   * of the mean cepstra, before the per-file normalisation that pulls any two clusters apart) are
   * one voice: clusters of one voice saying different things come out alike once each turn is
   * given whole. Measured: one synthetic voice repeating two phrases 1.2; the closest two real
   * readers on shared/data 8.8.
   */
  mergeVoicesCloserThan: 3.5,
  /** A quarter second with fewer speech frames (of 25) than this holds a pause. */
  pauseBelowFrames: 13,
  /** A voice found in less speech than this (seconds) is merged into the nearest one. */
  minSpeakerSeconds: 2,
  /** The most windows clustered at once: longer recordings are sampled evenly. */
  maxWindows: 1500,
  /**
   * Weight of the Bayesian information criterion's penalty for each voice (1 = the textbook one).
   * Weighed on the final pass's turns (decision 0074): 3.5 finds every count of shared/data,
   * joined recordings of other readers included; 3 splits one reader of 32 clips in two.
   */
  bicPenalty: 3.5,
  /** The most speech (10 ms frames) the count is weighed on. */
  bicFrames: 6000,
};

type Tuning = typeof DEFAULT_TUNING;

/**
 * The mean cepstrum over blocks [first, last): the voice and its microphone, averaged over what
 * was said. (The spread of each cepstrum was tried beside it: it follows the words more than the
 * voice and made the clustering worse.)
 */
function windowVector(
  blocks: readonly (Float64Array | null)[],
  first: number,
  last: number,
): { vector: Float64Array; frames: number; sums: Float64Array } {
  const sums = new Float64Array(1 + 2 * CEPSTRA);
  for (let index = Math.max(0, first); index < Math.min(blocks.length, last); index += 1) {
    const block = blocks[index];
    if (block) for (let value = 0; value < sums.length; value += 1) sums[value]! += block[value]!;
  }
  const frames = sums[0]!;
  const vector = new Float64Array(CEPSTRA);
  if (frames > 0) for (let c = 0; c < CEPSTRA; c += 1) vector[c] = sums[1 + c]! / frames;
  return { vector, frames, sums };
}

/** Per-file normalisation: each dimension to mean 0 and spread 1 over the file, then length 1. */
function normaliser(vectors: readonly Float64Array[]): (vector: Float64Array) => Float64Array {
  const dims = vectors[0]?.length ?? 0;
  const mean = new Float64Array(dims);
  const spread = new Float64Array(dims);
  for (const vector of vectors)
    for (let d = 0; d < dims; d += 1) mean[d]! += vector[d]! / vectors.length;
  for (const vector of vectors)
    for (let d = 0; d < dims; d += 1) spread[d]! += (vector[d]! - mean[d]!) ** 2 / vectors.length;
  for (let d = 0; d < dims; d += 1) spread[d] = Math.sqrt(spread[d]!) || 1;
  return (vector) => {
    const out = new Float64Array(dims);
    let length = 0;
    for (let d = 0; d < dims; d += 1) {
      out[d] = (vector[d]! - mean[d]!) / spread[d]!;
      length += out[d]! ** 2;
    }
    length = Math.sqrt(length) || 1;
    for (let d = 0; d < dims; d += 1) out[d]! /= length;
    return out;
  };
}

function centroids(vectors: readonly Float64Array[], labels: readonly number[]): Float64Array[] {
  const count = Math.max(...labels) + 1;
  const sums = Array.from({ length: count }, () => new Float64Array(vectors[0]!.length));
  vectors.forEach((vector, index) => {
    const sum = sums[labels[index]!]!;
    for (let d = 0; d < vector.length; d += 1) sum[d]! += vector[d]!;
  });
  return sums.map((sum) => {
    const length = Math.sqrt(sum.reduce((total, value) => total + value * value, 0)) || 1;
    return sum.map((value) => value / length);
  });
}

/** Most likely voice of each step given the cost of each voice there and the cost of a change. */
function viterbi(costs: readonly Float64Array[], switchCost: (step: number) => number): number[] {
  if (costs.length === 0) return [];
  const states = costs[0]!.length;
  let total = Float64Array.from(costs[0]!);
  const back: Int32Array[] = [];
  for (let step = 1; step < costs.length; step += 1) {
    const best = total.indexOf(Math.min(...total));
    const next = new Float64Array(states);
    const from = new Int32Array(states);
    for (let state = 0; state < states; state += 1) {
      const stay = total[state]!;
      const change = total[best]! + switchCost(step);
      from[state] = stay <= change ? state : best;
      next[state] = Math.min(stay, change) + costs[step]![state]!;
    }
    back.push(from);
    total = next;
  }
  const path = new Array<number>(costs.length);
  path[costs.length - 1] = total.indexOf(Math.min(...total));
  for (let step = costs.length - 1; step > 0; step -= 1)
    path[step - 1] = back[step - 1]![path[step]!]!;
  return path;
}

/**
 * Who speaks when, from a recording's speaker features (SpeakerFeatures.timeline()):
 * windows of 1.5 s are clustered by average linkage on the cosine distance of their normalised
 * cepstral statistics, voices found in too little speech join the nearest, then every quarter
 * second of speech is given to the closest voice by a Viterbi pass in which a change of voice has
 * a cost, so turns do not flicker.
 */
export function detectSpeakers(
  blocks: readonly (Float64Array | null)[],
  options: DetectSpeakersOptions = {},
): SpeakerTurn[] {
  const tuning: Tuning = { ...DEFAULT_TUNING, ...options.tuning };
  const speechBlocks = blocks.flatMap((block, index) => (block && block[0]! > 0 ? [index] : []));
  if (speechBlocks.length === 0) return [];
  const context = (index: number) =>
    windowVector(
      blocks,
      index - Math.floor(tuning.contextBlocks / 2) + 1,
      index + Math.ceil(tuning.contextBlocks / 2) + 1,
    );
  const blockVectors = speechBlocks.map((index) => context(index));
  const normalise = normaliser(
    blockVectors.filter((window) => window.frames > 0).map((w) => w.vector),
  );
  const normalisedBlocks = blockVectors.map(({ vector }) => normalise(vector));
  const costsFor = (voices: readonly Float64Array[]) =>
    normalisedBlocks.map((block) =>
      Float64Array.from(voices, (voice) => cosineDistance(block, voice)),
    );
  // A turn ends at a pause: within continuous speech, a change of voice costs more.
  const pauseAt = (index: number) => (blocks[index]?.[0] ?? 0) < tuning.pauseBelowFrames;
  const switchCost = (step: number) => {
    const [before, after] = [speechBlocks[step - 1]!, speechBlocks[step]!];
    const paused = after - before > 1 || pauseAt(before) || pauseAt(after);
    return paused ? tuning.switchCost : tuning.switchCost * tuning.midSpeechSwitchFactor;
  };

  const allWindows: { vector: Float64Array; first: number }[] = [];
  for (let first = 0; first < blocks.length; first += tuning.hopBlocks) {
    const window = windowVector(blocks, first, first + tuning.windowBlocks);
    if (window.frames >= tuning.minWindowFrames)
      allWindows.push({ vector: normalise(window.vector), first });
  }
  const chosen =
    allWindows.length > tuning.maxWindows
      ? Array.from(
          { length: tuning.maxWindows },
          (_, index) => allWindows[Math.floor((index * allWindows.length) / tuning.maxWindows)]!,
        )
      : allWindows;
  const sampled = chosen.map((window) => window.vector);
  let labels: number[];
  if (sampled.length < 2 || options.speakers === 1) labels = sampled.map(() => 0);
  else if (options.speakers !== undefined)
    labels = clusterVectors(sampled, { exactly: Math.min(options.speakers, sampled.length) });
  else {
    labels = countByBic(
      sampled,
      (clusters) => viterbi(costsFor(centroids(sampled, clusters)), switchCost),
      speechBlocks.map((index) => blocks[index]!),
      tuning,
    );
    labels = mergeSmallVoices(
      sampled,
      labels,
      tuning.minSpeakerSeconds / BLOCK_SECONDS / tuning.hopBlocks,
    );
  }
  const voices =
    sampled.length === 0 ? [normalise(blockVectors[0]!.vector)] : centroids(sampled, labels);

  const costs = costsFor(voices);
  let path = viterbi(costs, switchCost);
  if (options.speakers !== undefined) path = everyVoiceHeard(path, costs, tuning);
  else
    path = mergeAlikeVoices(
      path,
      blockVectors.map(({ vector }) => vector),
      tuning.mergeVoicesCloserThan,
    );
  const turns: SpeakerTurn[] = [];
  speechBlocks.forEach((block, step) => {
    const start = block * BLOCK_SECONDS;
    const end = start + BLOCK_SECONDS;
    const last = turns[turns.length - 1];
    if (last && last.speaker === path[step] && start - last.end < 1) last.end = end;
    else turns.push({ start, end, speaker: path[step]! });
  });
  return turns;
}

function meanVectors(vectors: readonly Float64Array[], labels: readonly number[]): Float64Array[] {
  const count = Math.max(...labels) + 1;
  const sums = Array.from({ length: count }, () => new Float64Array(vectors[0]!.length));
  const counts = new Array<number>(count).fill(0);
  vectors.forEach((vector, index) => {
    const label = labels[index]!;
    counts[label]! += 1;
    for (let d = 0; d < vector.length; d += 1) sums[label]![d]! += vector[d]!;
  });
  return sums.map((sum, label) => sum.map((value) => value / Math.max(1, counts[label]!)));
}

/** Voices whose speech (as `path` gives it out) is closer than `closerThan` become one. */
function mergeAlikeVoices(
  path: readonly number[],
  vectors: readonly Float64Array[],
  closerThan: number,
): number[] {
  let current = [...path];
  for (;;) {
    const voices = meanVectors(vectors, current);
    const used = [...new Set(current)];
    let closest = { a: -1, b: -1, distance: Number.POSITIVE_INFINITY };
    for (const a of used)
      for (const b of used)
        if (a < b) {
          const distance = Math.sqrt(
            voices[a]!.reduce((total, value, d) => total + (value - voices[b]![d]!) ** 2, 0),
          );
          if (distance < closest.distance) closest = { a, b, distance };
        }
    if (closest.distance >= closerThan) return current;
    current = current.map((voice) => (voice === closest.b ? closest.a : voice));
  }
}

/** Voices with fewer windows than `minWindows` join the voice nearest them; numbers stay dense. */
function mergeSmallVoices(
  vectors: readonly Float64Array[],
  labels: number[],
  minWindows: number,
): number[] {
  let current = labels;
  for (;;) {
    const counts = new Map<number, number>();
    for (const label of current) counts.set(label, (counts.get(label) ?? 0) + 1);
    if (counts.size < 2) return current.map(() => 0);
    const smallest = [...counts].sort((a, b) => a[1] - b[1])[0]!;
    if (smallest[1] >= minWindows) break;
    const voices = centroids(vectors, current);
    const small = voices[smallest[0]]!;
    let nearest = -1;
    let nearestDistance = Number.POSITIVE_INFINITY;
    voices.forEach((voice, label) => {
      if (label === smallest[0] || !counts.has(label)) return;
      const d = cosineDistance(small, voice);
      if (d < nearestDistance) [nearest, nearestDistance] = [label, d];
    });
    current = current.map((label) => (label === smallest[0] ? nearest : label));
  }
  const numbers = new Map<number, number>();
  return current.map((label) => {
    if (!numbers.has(label)) numbers.set(label, numbers.size);
    return numbers.get(label)!;
  });
}

/** Log-likelihood of frames under one diagonal Gaussian, from their summed statistics. */
function gaussianLogLikelihood(sums: Float64Array): number {
  const frames = sums[0]!;
  let logDet = 0;
  for (let c = 0; c < CEPSTRA; c += 1) {
    const mean = sums[1 + c]! / frames;
    logDet += Math.log(Math.max(1e-6, sums[1 + CEPSTRA + c]! / frames - mean * mean));
  }
  return (-frames / 2) * logDet;
}

/**
 * How many voices: of the dendrogram's cuts into 1 to MAX_SPEAKERS clusters, the one whose voices,
 * each a Gaussian over the frames the final pass (`turnsOf`, one voice per speech block) gives it,
 * best explain the speech by the Bayesian information criterion (each voice heard costs its
 * parameters × log of the frames). Weighing the turns rather than the windows (decision 0074): a
 * window of 3 s straddles two voices whenever turns are short, so in a short recording the cut
 * that separates two people explained little more than one voice and was not taken.
 */
export function countByBic(
  vectors: readonly Float64Array[],
  turnsOf: (labels: readonly number[]) => number[],
  speech: readonly Float64Array[],
  tuning: Pick<Tuning, 'bicPenalty' | 'bicFrames'>,
): number[] {
  const allFrames = speech.reduce((total, block) => total + block[0]!, 0);
  // The evidence of a long recording is weighed as if it held bicFrames of speech: with more,
  // the criterion splits one voice wherever the recording's conditions change.
  const totalFrames = Math.min(allFrames, tuning.bicFrames);
  const weight = totalFrames / allFrames;
  const tree = dendrogram(vectors);
  let best = { score: Number.NEGATIVE_INFINITY, labels: vectors.map(() => 0) };
  for (let count = 1; count <= Math.min(MAX_SPEAKERS, vectors.length); count += 1) {
    const labels = tree({ exactly: count });
    const pooled = Array.from({ length: count }, () => new Float64Array(1 + 2 * CEPSTRA));
    turnsOf(labels).forEach((voice, step) => {
      const [cluster, block] = [pooled[voice]!, speech[step]!];
      for (let value = 0; value < block.length; value += 1) cluster[value]! += block[value]!;
    });
    const heard = pooled.filter((cluster) => cluster[0]! > 0);
    const likelihood = heard.reduce((total, cluster) => total + gaussianLogLikelihood(cluster), 0);
    const score =
      weight * likelihood -
      tuning.bicPenalty * 0.5 * heard.length * 2 * CEPSTRA * Math.log(totalFrames);
    if (score > best.score) best = { score, labels };
  }
  return best.labels;
}

/**
 * A count asked for is honoured: a voice the smoothing left out takes the stretch of speech
 * (minSpeakerSeconds long) that is closer to it, relative to the voice heard there, than any other.
 */
function everyVoiceHeard(path: number[], costs: readonly Float64Array[], tuning: Tuning): number[] {
  const voices = costs[0]?.length ?? 0;
  const length = Math.min(costs.length, Math.round(tuning.minSpeakerSeconds / BLOCK_SECONDS));
  const result = [...path];
  for (let voice = 0; voice < voices; voice += 1) {
    if (result.includes(voice)) continue;
    const heard = new Map<number, number>();
    for (const label of result) heard.set(label, (heard.get(label) ?? 0) + 1);
    let best = { start: -1, cost: Number.POSITIVE_INFINITY };
    for (let start = 0; start + length <= costs.length; start += 1) {
      let cost = 0;
      for (let step = start; step < start + length; step += 1) {
        // Never the last stretch of another voice.
        if ((heard.get(result[step]!) ?? 0) <= length) cost = Number.POSITIVE_INFINITY;
        cost += costs[step]![voice]! - costs[step]![result[step]!]!;
      }
      if (cost < best.cost) best = { start, cost };
    }
    if (best.start < 0) continue;
    for (let step = best.start; step < best.start + length; step += 1) result[step] = voice;
  }
  return result;
}
