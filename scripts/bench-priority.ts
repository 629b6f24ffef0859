/**
 * How long a free trial waits when the speech engine is busy with jobs: the trial alone, behind two
 * running jobs at the jobs' own priority (plain arrival order), and behind them as interactive work.
 *
 *   npm run bench:priority [-- <speech data folder>]   (default ../shared/data/speech)
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FREE_TRANSCRIPT_SECONDS } from '../src/core/plans.js';
import { WORK_PRIORITY, type WorkPriority } from '../src/server/speech/engines/engine.js';
import {
  createPocketSphinxEngine,
  type PocketSphinxEngine,
} from '../src/server/speech/engines/pocketsphinx/pocketsphinx-engine.js';
import { transcribeAudioFile } from '../src/server/speech/transcribe-audio-file.js';

const BACKGROUND_JOBS = 2;
const THREADS = 2;
const RUNS = 3;

function ffmpeg(args: readonly string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('ffmpeg', ['-nostdin', '-v', 'error', '-y', ...args], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(errors))));
  });
}

/** The whole corpus as one 16 kHz WAV: every clip decoded alike, then joined. */
async function corpusRecording(dataDir: string, workDir: string): Promise<string> {
  const manifest = await readFile(path.join(dataDir, 'manifest.tsv'), 'utf8');
  const sources = manifest
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => path.join(dataDir, line.split('\t')[0] ?? ''));
  const parts: string[] = [];
  for (const [index, source] of sources.entries()) {
    const part = path.join(workDir, `part-${index}.wav`);
    await ffmpeg(['-i', source, '-ac', '1', '-ar', '16000', '-c:a', 'pcm_s16le', part]);
    parts.push(part);
  }
  const list = path.join(workDir, 'parts.txt');
  await writeFile(list, parts.map((part) => `file '${part}'`).join('\n'));
  const output = path.join(workDir, 'corpus.wav');
  await ffmpeg(['-f', 'concat', '-safe', '0', '-i', list, '-c', 'copy', output]);
  return output;
}

async function trialSeconds(
  engine: PocketSphinxEngine,
  recording: string,
  workDir: string,
  priority: WorkPriority,
): Promise<number> {
  const started = performance.now();
  await transcribeAudioFile({
    inputPath: recording,
    demuxer: 'wav',
    maxSeconds: FREE_TRANSCRIPT_SECONDS,
    engine,
    workDir,
    priority,
  });
  return (performance.now() - started) / 1000;
}

/** Starts the background jobs and resolves once all of them are decoding chunks. */
async function startBackgroundJobs(
  engine: PocketSphinxEngine,
  recording: string,
  workDir: string,
  signal: AbortSignal,
): Promise<Promise<unknown>[]> {
  const decoding: Promise<void>[] = [];
  const jobs = Array.from({ length: BACKGROUND_JOBS }, () => {
    let started: () => void = () => {};
    decoding.push(new Promise((resolve) => (started = resolve)));
    return transcribeAudioFile({
      inputPath: recording,
      demuxer: 'wav',
      engine,
      workDir,
      signal,
      priority: WORK_PRIORITY.standard,
      onProgress: () => started(),
    }).catch((error: unknown) => {
      if (!signal.aborted) throw error;
    });
  });
  await Promise.all(decoding);
  return jobs;
}

async function main(): Promise<void> {
  const defaultData = fileURLToPath(new URL('../../shared/data/speech/', import.meta.url));
  const dataDir = path.resolve(process.argv[2] ?? defaultData);
  const workDir = await mkdtemp(path.join(tmpdir(), 'bench-priority-'));
  try {
    const recording = await corpusRecording(dataDir, workDir);
    console.log(
      `A ${FREE_TRANSCRIPT_SECONDS} s free trial on ${THREADS} decoder threads; background: ${BACKGROUND_JOBS} jobs of the whole corpus`,
    );
    console.log(
      `  ${'trial'.padEnd(40)}${['runs (s)', 'median (s)'].map((h) => h.padStart(22)).join('')}`,
    );
    for (const [label, busy, priority] of [
      ['idle engine', false, WORK_PRIORITY.interactive],
      ['behind the jobs, arrival order', true, WORK_PRIORITY.standard],
      ['behind the jobs, as interactive work', true, WORK_PRIORITY.interactive],
    ] as const) {
      const runs: number[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        const engine = createPocketSphinxEngine({ parallelism: THREADS });
        const stop = new AbortController();
        try {
          // Load both threads' models first, so no run pays for that.
          await Promise.all(
            Array.from({ length: THREADS }, () => engine.transcribe(new Int16Array(16_000))),
          );
          const jobs = busy
            ? await startBackgroundJobs(engine, recording, workDir, stop.signal)
            : [];
          runs.push(await trialSeconds(engine, recording, workDir, priority));
          stop.abort(new Error('benchmark run done'));
          await Promise.all(jobs);
        } finally {
          await engine.close();
        }
      }
      const sorted = [...runs].sort((a, b) => a - b);
      const median = sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
      const shown = runs.map((seconds) => seconds.toFixed(1)).join(', ');
      console.log(`  ${label.padEnd(40)}${shown.padStart(22)}${median.toFixed(1).padStart(22)}`);
    }
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

await main();
