/**
 * Speech benchmark: word error rate and speed of the PocketSphinx pipeline (decode, chunk, worker
 * threads, stitch) against bare `pocketsphinx_continuous` on the same audio.
 *
 *   npm run bench:speech [-- [--orderings N] <speech data folder> [<long file seconds>]]
 *   (defaults: 1 ordering, ../shared/data/speech, 600)
 *
 * `--orderings N` also scores N-1 more long files, each the corpus from another starting clip, to
 * tell a real WER difference from the chaos of one decode (a nudge anywhere changes later words).
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sniffAudioFile } from '../src/server/speech/audio/sniff-audio-format.js';
import { createPocketSphinxEngine } from '../src/server/speech/engines/pocketsphinx/pocketsphinx-engine.js';
import type { SpeechEngine } from '../src/server/speech/engines/engine.js';
import { startWhisperEngine } from '../src/server/speech/engines/whisper/whisper-engine.js';
import { parseArgs } from 'node:util';
import { mapWithConcurrency } from '../src/server/speech/map-with-concurrency.js';
import { transcribeAudioFile } from '../src/server/speech/transcribe-audio-file.js';
import { normaliseWords, wordEditDistance } from './word-scoring.js';

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
  cpuSeconds: number;
}

interface Score {
  /** What the runs wrote, in order. */
  hypotheses: string[];
  errors: number;
  words: number;
  wallSeconds: number;
  cpuSeconds: number;
  audioSeconds: number;
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

/** No metadata, so the header is the plain 44 bytes pocketsphinx_continuous skips. */
const PLAIN_WAV =
  '-ac 1 -ar 16000 -c:a pcm_s16le -map_metadata -1 -fflags +bitexact -flags:a +bitexact';

async function toPlainWav(inputArgs: readonly string[], output: string): Promise<number> {
  await runCommand('ffmpeg', [
    '-nostdin',
    '-v',
    'error',
    '-y',
    ...inputArgs,
    ...PLAIN_WAV.split(' '),
    output,
  ]);
  return ((await stat(output)).size - 44) / 32_000;
}

/**
 * CPU seconds of this process (all threads) and of its finished children, from /proc/self/stat:
 * on a machine shared with other work, CPU time is the fair comparison and wall time is not.
 */
async function cpuSecondsSoFar(): Promise<number> {
  const stat = await readFile('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime, stime, cutime, cstime: fields 14 to 17, in clock ticks of 1/100 s.
  return fields.slice(11, 15).reduce((sum, ticks) => sum + Number(ticks), 0) / 100;
}

async function timed(work: () => Promise<string>): Promise<Run> {
  const cpuBefore = await cpuSecondsSoFar();
  const started = performance.now();
  const hypothesis = await work();
  const wallSeconds = (performance.now() - started) / 1000;
  return { hypothesis, wallSeconds, cpuSeconds: (await cpuSecondsSoFar()) - cpuBefore };
}

function bare(wav: string): Promise<Run> {
  return timed(async () =>
    (await runCommand('pocketsphinx_continuous', ['-infile', wav, '-logfn', '/dev/null'])).replace(
      /\n/g,
      ' ',
    ),
  );
}

async function pipeline(engine: SpeechEngine, input: string, workDir: string): Promise<Run> {
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
  score.hypotheses.push(run.hypothesis);
  score.errors += wordEditDistance(referenceWords, normaliseWords(run.hypothesis));
  score.words += referenceWords.length;
  score.wallSeconds += run.wallSeconds;
  score.cpuSeconds += run.cpuSeconds;
  score.audioSeconds += audioSeconds;
}

const emptyScore = (): Score => ({
  hypotheses: [],
  errors: 0,
  words: 0,
  wallSeconds: 0,
  cpuSeconds: 0,
  audioSeconds: 0,
});
const percent = (value: number): string => `${(value * 100).toFixed(1)}%`;

function printScores(title: string, rows: ReadonlyArray<[string, Score]>): void {
  const columns = ['WER', 'errors/words', 'wall s', 'RTF', 'CPU s', 'CPU RTF'];
  console.log(`\n${title}`);
  console.log(`  ${'run'.padEnd(30)}${columns.map((column) => column.padStart(13)).join('')}`);
  for (const [label, score] of rows) {
    const cells = [
      percent(score.errors / score.words),
      `${score.errors}/${score.words}`,
      score.wallSeconds.toFixed(1),
      (score.wallSeconds / score.audioSeconds).toFixed(3),
      score.cpuSeconds.toFixed(1),
      (score.cpuSeconds / score.audioSeconds).toFixed(3),
    ];
    console.log(`  ${label.padEnd(30)}${cells.map((cell) => cell.padStart(13)).join('')}`);
  }
}

/** PASS when `value` is at most `ratio` times `baseline`. */
function verdict(
  label: string,
  value: number,
  baseline: number,
  ratio: number,
  unit: string,
): void {
  const shown = (number: number): string =>
    unit === '%' ? percent(number) : `${number.toFixed(1)} ${unit}`;
  const ok = value <= baseline * ratio;
  console.log(
    `  ${ok ? 'PASS' : 'MISS'}  ${label}: ${shown(value)} vs ${shown(baseline)} (${percent(value / baseline)})`,
  );
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
  allClips: readonly Clip[],
  workDir: string,
  targetSeconds: number,
  firstClip = 0,
): Promise<{ wav: string; reference: string; seconds: number }> {
  const clips = [...allClips.slice(firstClip), ...allClips.slice(0, firstClip)];
  const chosen: Clip[] = [];
  let seconds = 0;
  while (seconds < targetSeconds) {
    for (const clip of clips) {
      if (seconds >= targetSeconds) break;
      chosen.push(clip);
      seconds += clip.seconds;
    }
  }
  const list = path.join(workDir, `long-${firstClip}.txt`);
  await writeFile(list, chosen.map((clip) => `file '${clip.wav}'`).join('\n'));
  const wav = path.join(workDir, `long-${firstClip}.wav`);
  const actual = await toPlainWav(['-f', 'concat', '-safe', '0', '-i', list], wav);
  return { wav, reference: chosen.map((clip) => clip.reference).join(' '), seconds: actual };
}

/** Runs the pipeline on each input with a fresh engine (PocketSphinx threads, or whisper), model load included. */
async function scorePipeline(
  workers: number | (() => Promise<SpeechEngine>),
  inputs: ReadonlyArray<{ input: string; reference: string; seconds: number }>,
  workDir: string,
): Promise<Score> {
  const engine =
    typeof workers === 'number'
      ? createPocketSphinxEngine({ parallelism: workers })
      : await workers();
  const score = emptyScore();
  try {
    for (const { input, reference, seconds } of inputs) {
      addRun(score, reference, await pipeline(engine, input, workDir), seconds);
    }
  } finally {
    await engine.close();
  }
  return score;
}

const load = (): string => (loadavg()[0] ?? 0).toFixed(2);
const wer = (score: Score): number => score.errors / score.words;

/** `--engine whisper --model <file>`: the corpus through the pipeline with a real whisper model. */
async function whisperMain(dataDir: string, modelPath: string, workDir: string): Promise<void> {
  const clips = await readClips(dataDir, workDir);
  const seconds = clips.reduce((sum, clip) => sum + clip.seconds, 0);
  console.log(`Corpus: ${clips.length} clips, ${seconds.toFixed(1)} s; whisper model ${modelPath}`);
  const score = await scorePipeline(
    () => startWhisperEngine({ modelPath }),
    clips.map((clip) => ({ ...clip, input: clip.source })),
    workDir,
  );
  printScores('Corpus, clip by clip', [['pipeline, whisper', score]]);
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    options: {
      engine: { type: 'string', default: 'pocketsphinx' },
      model: { type: 'string' },
      orderings: { type: 'string', default: '1' },
    },
    allowPositionals: true,
  });
  const defaultData = fileURLToPath(new URL('../../shared/data/speech/', import.meta.url));
  const dataDir = path.resolve(positionals[0] ?? defaultData);
  const longFileSeconds = Number(positionals[1] ?? DEFAULT_LONG_FILE_SECONDS);
  const workDir = await mkdtemp(path.join(tmpdir(), 'bench-speech-'));
  if (values.engine === 'whisper') {
    if (!values.model) throw new Error('--engine whisper needs --model <file>');
    try {
      await whisperMain(dataDir, path.resolve(values.model), workDir);
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
    return;
  }
  try {
    const clips = await readClips(dataDir, workDir);
    const seconds = clips.reduce((sum, clip) => sum + clip.seconds, 0);
    console.log(`Corpus: ${clips.length} clips, ${seconds.toFixed(1)} s of speech from ${dataDir}`);
    console.log(`Load average at start: ${load()} (other work on the machine skews wall times)`);

    const bareCorpus = emptyScore();
    for (const clip of clips)
      addRun(bareCorpus, clip.reference, await bare(clip.wav), clip.seconds);
    const corpusInputs = clips.map((clip) => ({ ...clip, input: clip.source }));
    const pipelineCorpus = await scorePipeline(1, corpusInputs, workDir);
    printScores('Corpus, clip by clip (bare loads the model for every clip; the pipeline once)', [
      ['bare pocketsphinx_continuous', bareCorpus],
      ['pipeline, 1 worker', pipelineCorpus],
    ]);

    const long = await makeLongFile(clips, workDir, longFileSeconds);
    const longInput = [{ input: long.wav, reference: long.reference, seconds: long.seconds }];
    const loads: string[] = [load()];
    const bareLong = emptyScore();
    addRun(bareLong, long.reference, await bare(long.wav), long.seconds);
    loads.push(load());
    const oneWorker = await scorePipeline(1, longInput, workDir);
    loads.push(load());
    const twoWorkers = await scorePipeline(2, longInput, workDir);
    printScores(`Long file: ${long.seconds.toFixed(1)} s (the corpus repeated)`, [
      ['bare pocketsphinx_continuous', bareLong],
      ['pipeline, 1 worker', oneWorker],
      ['pipeline, 2 workers', twoWorkers],
    ]);
    console.log(`  load average as each run started: ${loads.join(', ')}; at the end: ${load()}`);
    const same = oneWorker.hypotheses.join('\n') === twoWorkers.hypotheses.join('\n');
    console.log(`  1 and 2 workers wrote ${same ? 'the same' : 'DIFFERENT'} transcripts`);

    const orderings = Math.max(1, Math.floor(Number(values.orderings)));
    const bareOrderings = { ...bareLong, hypotheses: [] };
    const pipelineOrderings = { ...oneWorker, hypotheses: [] };
    const orderingRows: Array<[string, Score]> = [];
    for (let ordering = 1; ordering < orderings; ordering += 1) {
      const firstClip = Math.floor((ordering * clips.length) / orderings);
      const other = await makeLongFile(clips, workDir, longFileSeconds, firstClip);
      const input = [{ input: other.wav, reference: other.reference, seconds: other.seconds }];
      const bareRun = emptyScore();
      addRun(bareRun, other.reference, await bare(other.wav), other.seconds);
      const pipelineRun = await scorePipeline(1, input, workDir);
      orderingRows.push([`bare, from clip ${firstClip + 1}`, bareRun]);
      orderingRows.push([`pipeline, from clip ${firstClip + 1}`, pipelineRun]);
      for (const [total, run] of [
        [bareOrderings, bareRun],
        [pipelineOrderings, pipelineRun],
      ] as const) {
        total.errors += run.errors;
        total.words += run.words;
        total.wallSeconds += run.wallSeconds;
        total.cpuSeconds += run.cpuSeconds;
        total.audioSeconds += run.audioSeconds;
      }
    }
    if (orderings > 1) {
      printScores(`Long files in ${orderings} orderings (the first is the one above)`, [
        ...orderingRows,
        [`bare, all ${orderings}`, bareOrderings],
        [`pipeline 1 worker, all ${orderings}`, pipelineOrderings],
      ]);
    }

    console.log('\nTargets');
    const checks: Array<[string, number, number, number, string]> = [
      ['WER no worse than bare (corpus)', wer(pipelineCorpus), wer(bareCorpus), 1, '%'],
      ['WER no worse than bare (long file)', wer(oneWorker), wer(bareLong), 1, '%'],
      ...(orderings > 1
        ? [
            [
              `WER no worse than bare (${orderings} long files)`,
              wer(pipelineOrderings),
              wer(bareOrderings),
              1,
              '%',
            ] as [string, number, number, number, string],
          ]
        : []),
      ['1 worker within 10% of bare (wall)', oneWorker.wallSeconds, bareLong.wallSeconds, 1.1, 's'],
      ['1 worker within 10% of bare (CPU)', oneWorker.cpuSeconds, bareLong.cpuSeconds, 1.1, 's'],
      [
        '2 workers at most 60% of 1 (wall)',
        twoWorkers.wallSeconds,
        oneWorker.wallSeconds,
        0.6,
        's',
      ],
    ];
    for (const check of checks) verdict(...check);
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

await main();
