/**
 * Custom vocabulary benchmark: how many words outside PocketSphinx's dictionary it writes with
 * the vocabulary and without, and the word error rate both ways.
 *
 *   npm run bench:vocabulary [-- [--weights 10,30] [<speech data folder>]]
 *   (defaults: the engine's own weight, ../shared/data/speech)
 *
 * The set: every clip of the folder's manifest. Its rare words are the reference words the en-us
 * dictionary lacks (names, archaic and rare words). Against overfitting, the engine is given the
 * rare words of the whole set on every clip (as a user lists the names of a whole project), not
 * each clip's own: so clips without a word still hear it offered, and writing a vocabulary word
 * where the reference has none is counted as a false insertion.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sniffAudioFile } from '../src/server/speech/audio/sniff-audio-format.js';
import { LEARNED_WORD_WEIGHT } from '../src/server/speech/engines/pocketsphinx/decoder-vocabulary.js';
import { findPocketSphinxModel } from '../src/server/speech/engines/pocketsphinx/find-pocketsphinx-model.js';
import { createPocketSphinxEngine } from '../src/server/speech/engines/pocketsphinx/pocketsphinx-engine.js';
import { transcribeAudioFile } from '../src/server/speech/transcribe-audio-file.js';
import { normaliseWords, wordEditDistance } from './word-scoring.js';

interface Clip {
  file: string;
  reference: string;
  words: string[];
}

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
  options: { weights: { type: 'string' } },
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

async function run(
  clips: readonly Clip[],
  rare: ReadonlyMap<string, string>,
  vocabulary: readonly string[],
  weight: number,
): Promise<Tally> {
  const engine = createPocketSphinxEngine({ parallelism: 1, learnedWordWeight: weight });
  const workDir = await mkdtemp(path.join(tmpdir(), 'bench-vocabulary-'));
  const tally: Tally = {
    errors: 0,
    words: 0,
    rareInReferences: 0,
    rareFound: 0,
    falseInsertions: 0,
    falseInCleanClips: 0,
    seconds: 0,
  };
  const started = performance.now();
  try {
    for (const clip of clips) {
      const sniffed = await sniffAudioFile(clip.file);
      if (!sniffed) throw new Error(`not audio: ${clip.file}`);
      const result = await transcribeAudioFile({
        inputPath: clip.file,
        demuxer: sniffed.demuxer,
        maxSeconds: 600,
        engine,
        workDir,
        vocabulary,
      });
      const hypothesis = normaliseWords(result.text);
      tally.errors += wordEditDistance(clip.words, hypothesis);
      tally.words += clip.words.length;
      const clean = ![...rare.keys()].some((word) => clip.words.includes(word));
      for (const word of rare.keys()) {
        const inReference = count(clip.words, word);
        const written = count(hypothesis, word);
        tally.rareInReferences += inReference;
        tally.rareFound += Math.min(inReference, written);
        const extra = Math.max(0, written - inReference);
        tally.falseInsertions += extra;
        if (clean) tally.falseInCleanClips += extra;
      }
    }
  } finally {
    await engine.close();
    await rm(workDir, { recursive: true, force: true });
  }
  tally.seconds = (performance.now() - started) / 1000;
  return tally;
}

function report(label: string, tally: Tally): void {
  const percent = (part: number, whole: number) => ((100 * part) / Math.max(1, whole)).toFixed(1);
  console.log(
    `${label.padEnd(26)} WER ${percent(tally.errors, tally.words).padStart(5)}%  rare words found ${tally.rareFound}/${tally.rareInReferences} (${percent(tally.rareFound, tally.rareInReferences)}%)  false insertions ${tally.falseInsertions} (${tally.falseInCleanClips} in clips without rare words)  ${tally.seconds.toFixed(0)} s`,
  );
}

const clips = await loadClips();
const rare = rareTerms(clips, dictionaryWords());
const vocabulary = [...rare.values()];
const withRare = clips.filter((clip) => [...rare.keys()].some((word) => clip.words.includes(word)));
console.log(
  `${clips.length} clips (${withRare.length} holding rare words) from ${dataDir}; ${vocabulary.length} rare words, all given on every clip:\n  ${vocabulary.join(', ')}`,
);
report('without vocabulary', await run(clips, rare, [], LEARNED_WORD_WEIGHT));
for (const weight of weights)
  report(`with vocabulary (x${weight})`, await run(clips, rare, vocabulary, weight));
