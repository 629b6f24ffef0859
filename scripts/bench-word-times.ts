/**
 * `npm run bench:word-times`: how close word times come to the truth (issue 28). Two recordings
 * are built whose word boundaries are known exactly, words joined with known pauses of 0.12-0.45 s:
 * - synthetic (tests/fixtures/speech/word-boundaries.ts): words spoken alone by espeak-ng, trimmed;
 * - real (tests/fixtures/speech/real-word-boundaries.ts): isolated words cut from real read speech.
 * On each:
 * - recognition: the whole pipeline with PocketSphinx (chunks, stitching), its words against the
 *   truth, paired by text (edit distance: a misheard word pairs with the word said there, but an
 *   insertion shifts the pairs) and by time (the found word overlapping the true word most);
 * - re-timing: each line aligned alone (as after an edit) by PocketSphinx forced alignment.
 * Prints the share of word starts within 0.15 s of the truth, and the median error.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { decodeAudioSpan } from '../src/server/speech/audio/decode-audio-span.js';
import { sniffAudioFile } from '../src/server/speech/audio/sniff-audio-format.js';
import { createPocketSphinxEngine } from '../src/server/speech/engines/pocketsphinx/pocketsphinx-engine.js';
import { PocketSphinxWordAligner } from '../src/server/speech/engines/pocketsphinx/pocketsphinx-word-aligner.js';
import { placeAlignedWords } from '../src/server/speech/engines/place-aligned-words.js';
import { transcribeAudioFile } from '../src/server/speech/transcribe-audio-file.js';
import { buildRealWordBoundaryRecording } from '../tests/fixtures/speech/real-word-boundaries.js';
import {
  buildWordBoundaryRecording,
  pairedStarts,
  shareWithin,
  startErrors,
  timePairedStartErrors,
  type WordBoundaryRecording,
} from '../tests/fixtures/speech/word-boundaries.js';

const TOLERANCE_SECONDS = 0.15;
const PADDING_SECONDS = 0.3;

const median = (values: readonly number[]): number => {
  const finite = values.filter(Number.isFinite).sort((a, b) => a - b);
  return finite[Math.floor(finite.length / 2)] ?? NaN;
};

function report(name: string, errors: readonly number[]) {
  const share = shareWithin(errors, TOLERANCE_SECONDS);
  console.log(
    `${name.padEnd(44)} ${errors.length} words  within ${TOLERANCE_SECONDS} s: ${(share * 100).toFixed(1)}%  median error ${(median(errors) * 1000).toFixed(0)} ms  unmatched ${errors.filter((error) => !Number.isFinite(error)).length}`,
  );
}

async function measure(
  name: string,
  { wavPath, lines }: WordBoundaryRecording,
  engine: ReturnType<typeof createPocketSphinxEngine>,
  aligner: PocketSphinxWordAligner,
  workDir: string,
) {
  const truth = lines.flat();
  const sniffed = await sniffAudioFile(wavPath);
  if (!sniffed) throw new Error('the built recording is not audio');
  const { demuxer } = sniffed;
  const started = performance.now();
  const result = await transcribeAudioFile({ inputPath: wavPath, demuxer, engine, workDir });
  const found = result.segments.flatMap((segment) => segment.words ?? []);
  console.log(
    `\n${name} recording: ${truth.length} words in ${lines.length} lines, ${(truth.at(-1)!.end + 1).toFixed(1)} s; decoded in ${((performance.now() - started) / 1000).toFixed(1)} s; ${found.length} words found`,
  );
  const pairs = pairedStarts(truth, found);
  report(
    'PocketSphinx recognition, paired by text',
    pairs.map((pair) => pair.error),
  );
  report(
    'PocketSphinx, words it recognised',
    pairs.filter((pair) => pair.sameWord).map((pair) => pair.error),
  );
  report('PocketSphinx recognition, paired by time', timePairedStartErrors(truth, found));

  const realigned: number[] = [];
  let alignMs = 0;
  for (const line of lines) {
    const text = line.map((word) => word.word).join(' ');
    const start = line[0]!.start - 0.1;
    const end = line.at(-1)!.end + 0.1;
    const from = start - PADDING_SECONDS;
    const samples = await decodeAudioSpan({
      inputPath: wavPath,
      demuxer,
      outputPath: path.join(workDir, 'line.pcm'),
      startSeconds: from,
      endSeconds: end + PADDING_SECONDS,
    });
    const alignStarted = performance.now();
    const aligned = await aligner.align(samples, text.split(' '));
    alignMs += performance.now() - alignStarted;
    const words = placeAlignedWords({ start, end, text }, aligned, from);
    realigned.push(...startErrors(line, words));
  }
  report('PocketSphinx forced alignment', realigned);
  console.log(`forced alignment: ${(alignMs / lines.length).toFixed(0)} ms a line`);
}

async function main() {
  const workDir = await mkdtemp(path.join(tmpdir(), 'bench-word-times-'));
  const engine = createPocketSphinxEngine({ parallelism: 1 });
  const aligner = new PocketSphinxWordAligner();
  try {
    // An aligner of its own, fresh: its decoder's state (the live cepstral mean, it seems) carries
    // over from call to call, and after other lines the same cuts came out a word different.
    const cuttingAligner = new PocketSphinxWordAligner();
    const real = await buildRealWordBoundaryRecording(workDir, cuttingAligner).finally(() =>
      cuttingAligner.close(),
    );
    await measure('synthetic', await buildWordBoundaryRecording(workDir), engine, aligner, workDir);
    console.log(
      `\nreal speech: ${real.wordsConsidered} words of 3+ letters aligned in ${real.clipsUsed} clips, ${real.lines.flat().length} isolated enough to cut`,
    );
    await measure('real speech', real, engine, aligner, workDir);
  } finally {
    await engine.close();
    await aligner.close();
    await rm(workDir, { recursive: true, force: true });
  }
}

await main();
