/**
 * Custom vocabulary benchmark: how many words outside PocketSphinx's dictionary it writes with
 * the vocabulary and without, and the word error rate both ways.
 *
 *   npm run bench:vocabulary [-- [--weights 10,30] [--details <file.json>] [<speech data folder>]]
 *   (defaults: the engine's own weight, ../shared/data/speech)
 *
 * Every run (without the vocabulary, and with it at each weight) hears each clip side by side,
 * each on its own decoder thread, so the runs share the machine's load alike and a slow machine
 * still gives every run's figures. The figures are given for the whole set and for its two
 * halves (alternate clips among those holding rare words and among the others), so a setting
 * chosen on one half can be checked on the other.
 *
 * The set: every clip of the folder's manifest. Its rare words are the reference words the en-us
 * dictionary lacks (names, archaic and rare words). Against overfitting, the engine is given the
 * rare words of the whole set on every clip (as a user lists the names of a whole project), not
 * each clip's own: so clips without a word still hear it offered, and writing a vocabulary word
 * where the reference has none is counted as a false insertion.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sniffAudioFile } from '../src/server/speech/audio/sniff-audio-format.js';
import { LEARNED_WORD_WEIGHT } from '../src/server/speech/engines/pocketsphinx/decoder-vocabulary.js';
import { findPocketSphinxModel } from '../src/server/speech/engines/pocketsphinx/find-pocketsphinx-model.js';
import {
  createPocketSphinxEngine,
  type PocketSphinxEngine,
} from '../src/server/speech/engines/pocketsphinx/pocketsphinx-engine.js';
import { transcribeAudioFile } from '../src/server/speech/transcribe-audio-file.js';
import { normaliseWords, wordEditDistance } from './word-scoring.js';

interface Clip {
  file: string;
  reference: string;
  words: string[];
}

interface Run {
  label: string;
  vocabulary: readonly string[];
  engine: PocketSphinxEngine;
  tallies: Record<Half | 'all', Tally>;
}

type Half = 'half A' | 'half B';

interface Tally {
  errors: number;
  words: number;
  rareInReferences: number;
  rareFound: number;
  /** Vocabulary words written beyond what the reference holds. */
  falseInsertions: number;
  /** Of those, in clips whose reference holds no rare word at all. */
  falseInCleanClips: number;
  seconds: number;
}

const { values, positionals } = parseArgs({
  options: { weights: { type: 'string' }, details: { type: 'string' } },
  allowPositionals: true,
});
const here = path.dirname(fileURLToPath(import.meta.url));
const dataDir = path.resolve(
  positionals[0] ?? path.join(here, '..', '..', 'shared', 'data', 'speech'),
);
const weights = (values.weights ?? String(LEARNED_WORD_WEIGHT)).split(',').map(Number);

function dictionaryWords(): Set<string> {
  const text = readFileSync(findPocketSphinxModel().dictionary, 'utf8');
  return new Set(text.split('\n').map((line) => line.split(' ')[0]?.replace(/\(\d+\)$/, '') ?? ''));
}

async function loadClips(): Promise<Clip[]> {
  const lines = (await readFile(path.join(dataDir, 'manifest.tsv'), 'utf8')).trim().split('\n');
  return lines.slice(1).map((line) => {
    const [file = '', reference = ''] = line.split('\t');
    return { file: path.join(dataDir, file), reference, words: normaliseWords(reference) };
  });
}

/** Each rare word as the reference first spells it (case kept), once: the list a user would type. */
function rareTerms(clips: readonly Clip[], known: ReadonlySet<string>): Map<string, string> {
  const terms = new Map<string, string>();
  for (const clip of clips) {
    for (const spelled of clip.reference.split(/[\s\-‐–—]+/)) {
      const trimmed = spelled.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
      const [word] = normaliseWords(trimmed);
      if (word && !known.has(word) && !terms.has(word)) terms.set(word, trimmed);
    }
  }
  return terms;
}

function count(words: readonly string[], word: string): number {
  return words.filter((candidate) => candidate === word).length;
}

function emptyTally(): Tally {
  return {
    errors: 0,
    words: 0,
    rareInReferences: 0,
    rareFound: 0,
    falseInsertions: 0,
    falseInCleanClips: 0,
    seconds: 0,
  };
}

function add(tally: Tally, scored: Tally): void {
  for (const key of Object.keys(tally) as (keyof Tally)[]) tally[key] += scored[key];
}

function score(
  clip: Clip,
  hypothesis: readonly string[],
  rare: ReadonlyMap<string, string>,
): Tally {
  const tally = emptyTally();
  tally.errors = wordEditDistance(clip.words, hypothesis);
  tally.words = clip.words.length;
  const clean = !holdsRare(clip, rare);
  for (const word of rare.keys()) {
    const inReference = count(clip.words, word);
    const written = count(hypothesis, word);
    tally.rareInReferences += inReference;
    tally.rareFound += Math.min(inReference, written);
    const extra = Math.max(0, written - inReference);
    tally.falseInsertions += extra;
    if (clean) tally.falseInCleanClips += extra;
  }
  return tally;
}

function holdsRare(clip: Clip, rare: ReadonlyMap<string, string>): boolean {
  return [...rare.keys()].some((word) => clip.words.includes(word));
}

/** Alternate clips, in manifest order, among those holding rare words and among the others. */
function halves(clips: readonly Clip[], rare: ReadonlyMap<string, string>): Map<Clip, Half> {
  const seen = { rare: 0, clean: 0 };
  const half = new Map<Clip, Half>();
  for (const clip of clips) {
    const group = holdsRare(clip, rare) ? 'rare' : 'clean';
    half.set(clip, seen[group] % 2 === 0 ? 'half A' : 'half B');
    seen[group] += 1;
  }
  return half;
}

async function transcribe(clip: Clip, run: Run, workDir: string): Promise<string> {
  const sniffed = await sniffAudioFile(clip.file);
  if (!sniffed) throw new Error(`not audio: ${clip.file}`);
  const result = await transcribeAudioFile({
    inputPath: clip.file,
    demuxer: sniffed.demuxer,
    maxSeconds: 600,
    engine: run.engine,
    workDir,
    vocabulary: run.vocabulary,
  });
  return result.text;
}

function report(label: string, tally: Tally): void {
  const percent = (part: number, whole: number) => ((100 * part) / Math.max(1, whole)).toFixed(1);
  console.log(
    `${label.padEnd(36)} WER ${percent(tally.errors, tally.words).padStart(5)}% (${tally.errors}/${tally.words})  rare words found ${tally.rareFound}/${tally.rareInReferences} (${percent(tally.rareFound, tally.rareInReferences)}%)  false insertions ${tally.falseInsertions} (${tally.falseInCleanClips} in clips without rare words)  ${tally.seconds.toFixed(0)} s`,
  );
}

const clips = await loadClips();
const rare = rareTerms(clips, dictionaryWords());
const vocabulary = [...rare.values()];
const half = halves(clips, rare);
console.log(
  `${clips.length} clips (${clips.filter((clip) => holdsRare(clip, rare)).length} holding rare words) from ${dataDir}; ${vocabulary.length} rare words, all given on every clip:\n  ${vocabulary.join(', ')}`,
);
const runs: Run[] = [
  { label: 'without vocabulary', vocabulary: [], weight: LEARNED_WORD_WEIGHT },
  ...weights.map((weight) => ({ label: `with vocabulary (x${weight})`, vocabulary, weight })),
].map(({ label, vocabulary: terms, weight }) => ({
  label,
  vocabulary: terms,
  engine: createPocketSphinxEngine({ parallelism: 1, learnedWordWeight: weight }),
  tallies: { all: emptyTally(), 'half A': emptyTally(), 'half B': emptyTally() },
}));
const details: { clip: string; half: Half; reference: string; runs: Record<string, string> }[] = [];
const workDir = await mkdtemp(path.join(tmpdir(), 'bench-vocabulary-'));
try {
  for (const clip of clips) {
    const clipHalf = half.get(clip) ?? 'half A';
    const texts = await Promise.all(
      runs.map(async (run) => {
        const started = performance.now();
        const text = await transcribe(clip, run, workDir);
        const scored = score(clip, normaliseWords(text), rare);
        scored.seconds = (performance.now() - started) / 1000;
        add(run.tallies.all, scored);
        add(run.tallies[clipHalf], scored);
        return text;
      }),
    );
    details.push({
      clip: path.relative(dataDir, clip.file),
      half: clipHalf,
      reference: clip.reference,
      runs: Object.fromEntries(runs.map((run, index) => [run.label, texts[index] ?? ''])),
    });
    console.error(`${details.length}/${clips.length} ${path.relative(dataDir, clip.file)}`);
  }
} finally {
  await Promise.all(runs.map((run) => run.engine.close()));
  await rm(workDir, { recursive: true, force: true });
}
if (values.details) await writeFile(values.details, JSON.stringify(details, null, 2));
for (const part of ['all', 'half A', 'half B'] as const) {
  console.log(
    part === 'all'
      ? `\nall ${clips.length} clips:`
      : `\n${part} (${[...half.values()].filter((value) => value === part).length} clips):`,
  );
  for (const run of runs) report(`  ${run.label}`, run.tallies[part]);
}
