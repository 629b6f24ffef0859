/**
 * Speech benchmark: word error rate and speed of the PocketSphinx pipeline (decode, chunk, worker
 * threads, stitch) against bare `pocketsphinx_continuous` on the same audio.
 *
 *   npm run bench:speech [-- <speech data folder> [<long file seconds>]]
 *   (defaults: ../shared/data/speech, 600)
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sniffAudioFile } from '../src/server/speech/audio/sniff-audio-format.js';
import { createPocketSphinxEngine } from '../src/server/speech/engines/pocketsphinx/pocketsphinx-engine.js';
import { mapWithConcurrency } from '../src/server/speech/map-with-concurrency.js';
import { transcribeAudioFile } from '../src/server/speech/transcribe-audio-file.js';

const DEFAULT_LONG_FILE_SECONDS = 600;

interface Clip {
  source: string;
  reference: string;
  /** 16 kHz mono WAV with a plain 44-byte header, which pocketsphinx_continuous expects. */
  wav: string;
  seconds: number;
}

interface Run {
  hypothesis: string;
  wallSeconds: number;
}

interface Score {
  errors: number;
  words: number;
  wallSeconds: number;
  audioSeconds: number;
}

function normaliseWords(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[-‐–—]/g, ' ')
    .replace(/[^a-z0-9' ]/g, ' ')
    .split(/\s+/)
    .map((word) => word.replace(/^'+|'+$/g, ''))
    .filter(Boolean);
}

/** Word-level Levenshtein distance: substitutions + deletions + insertions. */
function wordEditDistance(reference: readonly string[], hypothesis: readonly string[]): number {
  let previous = Array.from({ length: hypothesis.length + 1 }, (_, index) => index);
  for (let row = 1; row <= reference.length; row += 1) {
    const current = [row];
    for (let column = 1; column <= hypothesis.length; column += 1) {
      const substitution =
        (previous[column - 1] ?? 0) + (reference[row - 1] === hypothesis[column - 1] ? 0 : 1);
      current.push(
        Math.min(substitution, (previous[column] ?? 0) + 1, (current[column - 1] ?? 0) + 1),
      );
    }
    previous = current;
  }
  return previous[hypothesis.length] ?? 0;
}

function runCommand(command: string, args: readonly string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(Buffer.concat(out).toString('utf8'));
      else
        reject(new Error(`${command} exited with ${code}: ${Buffer.concat(err).toString('utf8')}`));
    });
  });
}

async function toPlainWav(inputArgs: readonly string[], output: string): Promise<number> {
  await runCommand('ffmpeg', [
    ...['-nostdin', '-v', 'error', '-y', ...inputArgs],
    ...[
      '-ac',
      '1',
      '-ar',
      '16000',
      '-c:a',
      'pcm_s16le',
      '-map_metadata',
      '-1',
      '-fflags',
      '+bitexact',
      '-flags:a',
      '+bitexact',
    ],
    output,
  ]);
  return ((await stat(output)).size - 44) / 32_000;
}

async function timed(work: () => Promise<string>): Promise<Run> {
  const started = performance.now();
  const hypothesis = await work();
  return { hypothesis, wallSeconds: (performance.now() - started) / 1000 };
}

function bare(wav: string): Promise<Run> {
  return timed(async () =>
    (await runCommand('pocketsphinx_continuous', ['-infile', wav, '-logfn', '/dev/null'])).replace(
      /\n/g,
      ' ',
    ),
  );
}

async function pipeline(
  engine: ReturnType<typeof createPocketSphinxEngine>,
  input: string,
  workDir: string,
): Promise<Run> {
  return timed(async () => {
    const format = await sniffAudioFile(input);
    if (!format) throw new Error(`${input} is not audio`);
    return (
      await transcribeAudioFile({ inputPath: input, demuxer: format.demuxer, engine, workDir })
    ).text;
  });
}

function addRun(score: Score, reference: string, run: Run, audioSeconds: number): void {
  const referenceWords = normaliseWords(reference);
  score.errors += wordEditDistance(referenceWords, normaliseWords(run.hypothesis));
  score.words += referenceWords.length;
  score.wallSeconds += run.wallSeconds;
  score.audioSeconds += audioSeconds;
}

const emptyScore = (): Score => ({ errors: 0, words: 0, wallSeconds: 0, audioSeconds: 0 });
const percent = (value: number): string => `${(value * 100).toFixed(1)}%`;

function printScores(title: string, rows: ReadonlyArray<[string, Score]>): void {
  console.log(`\n${title}`);
  console.log(
    `  ${'run'.padEnd(30)} ${'WER'.padStart(7)} ${'errors/words'.padStart(13)} ${'wall s'.padStart(8)} ${'RTF'.padStart(6)}`,
  );
  for (const [label, score] of rows) {
    console.log(
      `  ${label.padEnd(30)} ${percent(score.errors / score.words).padStart(7)} ${`${score.errors}/${score.words}`.padStart(13)} ${score.wallSeconds.toFixed(1).padStart(8)} ${(score.wallSeconds / score.audioSeconds).toFixed(3).padStart(6)}`,
    );
  }
}

function verdict(label: string, ok: boolean, detail: string): void {
  console.log(`  ${ok ? 'PASS' : 'MISS'}  ${label}: ${detail}`);
}

async function readClips(dataDir: string, workDir: string): Promise<Clip[]> {
  const lines = (await readFile(path.join(dataDir, 'manifest.tsv'), 'utf8'))
    .split('\n')
    .slice(1)
    .filter(Boolean);
  return mapWithConcurrency(lines, availableParallelism(), async (line, index) => {
    const [relative = '', reference = ''] = line.split('\t');
    const source = path.join(dataDir, relative);
    const wav = path.join(workDir, `clip-${String(index).padStart(3, '0')}.wav`);
    return { source, reference, wav, seconds: await toPlainWav(['-i', source], wav) };
  });
}

/** Whole clips, repeated in manifest order until the file is at least ten minutes long. */
async function makeLongFile(
  clips: readonly Clip[],
  workDir: string,
  targetSeconds: number,
): Promise<{ wav: string; reference: string; seconds: number }> {
  const chosen: Clip[] = [];
  let seconds = 0;
  while (seconds < targetSeconds) {
    for (const clip of clips) {
      if (seconds >= targetSeconds) break;
      chosen.push(clip);
      seconds += clip.seconds;
    }
  }
  const list = path.join(workDir, 'long.txt');
  await writeFile(list, chosen.map((clip) => `file '${clip.wav}'`).join('\n'));
  const wav = path.join(workDir, 'long.wav');
  const actual = await toPlainWav(['-f', 'concat', '-safe', '0', '-i', list], wav);
  return { wav, reference: chosen.map((clip) => clip.reference).join(' '), seconds: actual };
}

async function main(): Promise<void> {
  const dataDir = path.resolve(
    process.argv[2] ?? fileURLToPath(new URL('../../shared/data/speech/', import.meta.url)),
  );
  const longFileSeconds = Number(process.argv[3] ?? DEFAULT_LONG_FILE_SECONDS);
  const workDir = await mkdtemp(path.join(tmpdir(), 'bench-speech-'));
  const loadBefore = loadavg()[0] ?? 0;
  try {
    const clips = await readClips(dataDir, workDir);
    const corpusSeconds = clips.reduce((sum, clip) => sum + clip.seconds, 0);
    console.log(
      `Corpus: ${clips.length} clips, ${corpusSeconds.toFixed(1)} s of speech from ${dataDir}`,
    );

    const bareCorpus = emptyScore();
    for (const clip of clips)
      addRun(bareCorpus, clip.reference, await bare(clip.wav), clip.seconds);
    const pipelineCorpus = emptyScore();
    const corpusEngine = createPocketSphinxEngine({ parallelism: 1 });
    try {
      for (const clip of clips)
        addRun(
          pipelineCorpus,
          clip.reference,
          await pipeline(corpusEngine, clip.source, workDir),
          clip.seconds,
        );
    } finally {
      await corpusEngine.close();
    }
    printScores('Corpus, clip by clip (bare loads the model for every clip; the pipeline once)', [
      ['bare pocketsphinx_continuous', bareCorpus],
      ['pipeline, 1 worker', pipelineCorpus],
    ]);

    const long = await makeLongFile(clips, workDir, longFileSeconds);
    const bareLong = emptyScore();
    addRun(bareLong, long.reference, await bare(long.wav), long.seconds);
    const longScores: Array<[string, Score]> = [['bare pocketsphinx_continuous', bareLong]];
    for (const workers of [1, 2]) {
      const engine = createPocketSphinxEngine({ parallelism: workers });
      const score = emptyScore();
      try {
        addRun(score, long.reference, await pipeline(engine, long.wav, workDir), long.seconds);
      } finally {
        await engine.close();
      }
      longScores.push([`pipeline, ${workers} worker${workers > 1 ? 's' : ''}`, score]);
    }
    printScores(`Long file: ${long.seconds.toFixed(1)} s (the corpus repeated)`, longScores);

    const [, oneWorker, twoWorkers] = longScores.map(([, score]) => score);
    if (!oneWorker || !twoWorkers) throw new Error('missing runs');
    const wer = (score: Score): number => score.errors / score.words;
    console.log(
      `\nTargets (load average ${loadBefore.toFixed(2)} before, ${(loadavg()[0] ?? 0).toFixed(2)} after)`,
    );
    verdict(
      'pipeline WER no worse than bare (corpus)',
      wer(pipelineCorpus) <= wer(bareCorpus),
      `${percent(wer(pipelineCorpus))} vs ${percent(wer(bareCorpus))}`,
    );
    verdict(
      'pipeline WER no worse than bare (long file)',
      wer(oneWorker) <= wer(bareLong),
      `${percent(wer(oneWorker))} vs ${percent(wer(bareLong))}`,
    );
    verdict(
      'one worker within 10% of bare (long file)',
      oneWorker.wallSeconds <= bareLong.wallSeconds * 1.1,
      `${oneWorker.wallSeconds.toFixed(1)} s vs ${bareLong.wallSeconds.toFixed(1)} s (${percent(oneWorker.wallSeconds / bareLong.wallSeconds)})`,
    );
    verdict(
      'two workers at most 60% of one worker (long file)',
      twoWorkers.wallSeconds <= oneWorker.wallSeconds * 0.6,
      `${twoWorkers.wallSeconds.toFixed(1)} s vs ${oneWorker.wallSeconds.toFixed(1)} s (${percent(twoWorkers.wallSeconds / oneWorker.wallSeconds)})`,
    );
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

await main();
