/**
 * How long a free trial waits when the speech engine is busy with jobs: the trial alone, behind two
 * running jobs at the jobs' own priority (plain arrival order), and behind them as interactive work.
 * Then the same through the whole server (`--part server`): the real app on an embedded database
 * with 2 workers, the trial posted over HTTP on an idle server and while two uploads of the whole
 * corpus are being transcribed. Run it from another checkout to compare builds (before/after).
 *
 *   npm run bench:priority [-- [<speech data folder>] [--part engine|server]]
 *   (default ../shared/data/speech, both parts)
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadavg } from 'node:os';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/database.js';
import { makeUserPro } from '../tests/integration/support/subscriptions.js';
import { signUpOverHttp } from '../tests/fixtures/accounts/sign-up-over-http.js';
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

function median(runs: readonly number[]): number {
  const sorted = [...runs].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

function printRow(label: string, runs: readonly number[]): void {
  const shown = runs.map((seconds) => seconds.toFixed(1)).join(', ');
  console.log(`  ${label.padEnd(40)}${shown.padStart(22)}${median(runs).toFixed(1).padStart(22)}`);
}

async function benchEngine(recording: string, workDir: string): Promise<void> {
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
        const jobs = busy ? await startBackgroundJobs(engine, recording, workDir, stop.signal) : [];
        runs.push(await trialSeconds(engine, recording, workDir, priority));
        stop.abort(new Error('benchmark run done'));
        await Promise.all(jobs);
      } finally {
        await engine.close();
      }
    }
    printRow(label, runs);
  }
}

/** Seconds from posting the recording to the free trial's answer. */
async function postTrial(base: string, recording: Blob): Promise<number> {
  const form = new FormData();
  form.append('audio', recording, 'corpus.wav');
  const started = performance.now();
  const response = await fetch(`${base}/api/transcribe/free-trial`, {
    method: 'POST',
    headers: { origin: base },
    body: form,
  });
  const body = (await response.json()) as { text?: string; message?: string };
  if (response.status !== 200 || !body.text) {
    throw new Error(`free trial: ${response.status} ${body.message ?? 'no text'}`);
  }
  return (performance.now() - started) / 1000;
}

/** Uploads the recording twice for a Pro user and resolves once both jobs are transcribing. */
async function startBackgroundUploads(
  base: string,
  cookie: string,
  recording: Blob,
): Promise<void> {
  const ids: string[] = [];
  for (let job = 0; job < BACKGROUND_JOBS; job += 1) {
    const form = new FormData();
    form.append('audio', recording, `background-${job}.wav`);
    const upload = await fetch(`${base}/api/transcriptions`, {
      method: 'POST',
      headers: { cookie, origin: base },
      body: form,
    });
    if (upload.status !== 201) throw new Error(`upload: ${upload.status} ${await upload.text()}`);
    ids.push(((await upload.json()) as { id: string }).id);
  }
  for (;;) {
    const states = await Promise.all(
      ids.map(async (id) => {
        const response = await fetch(`${base}/api/transcriptions/${id}`, { headers: { cookie } });
        return (await response.json()) as { status: string; progress: number | null };
      }),
    );
    if (states.every((state) => state.status === 'processing' && (state.progress ?? 0) > 0)) return;
    if (states.some((state) => state.status === 'completed' || state.status === 'failed')) {
      throw new Error('a background job ended before the trial could start');
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function benchServer(recordingPath: string): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-priority-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    AUTH_SECRET: 'bench-secret-that-is-long-enough-for-better-auth',
    LOG_LEVEL: 'silent',
    RUN_WORKERS: 'true',
    WORKER_CONCURRENCY: String(THREADS),
    WHISPER_MODEL: 'none',
  });
  const database = await openDatabase(config.database);
  await database.migrate();
  const app = await buildApp({ config, database, logger: false, freeTrialsPerHour: 1_000 });
  try {
    await app.server.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    const base = `http://127.0.0.1:${address.port}`;
    const recording = new Blob([await readFile(recordingPath)], { type: 'audio/wav' });
    const { cookie, userId } = await signUpOverHttp(base, { origin: base, name: 'Bench' });
    await makeUserPro({ database, billing: app.billing }, userId);
    console.log(
      `The same trial through the server (HTTP, embedded database, ${THREADS} workers, load ${loadavg()[0]?.toFixed(1)})`,
    );
    console.log(
      `  ${'trial'.padEnd(40)}${['runs (s)', 'median (s)'].map((h) => h.padStart(22)).join('')}`,
    );
    await postTrial(base, recording); // the engine's models load once, as on a running server
    const idle: number[] = [];
    for (let run = 0; run < RUNS; run += 1) idle.push(await postTrial(base, recording));
    printRow('idle server', idle);
    await startBackgroundUploads(base, cookie, recording);
    const busy: number[] = [];
    for (let run = 0; run < RUNS; run += 1) busy.push(await postTrial(base, recording));
    printRow(`behind ${BACKGROUND_JOBS} uploads being transcribed`, busy);
  } finally {
    await app.server.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { part: { type: 'string', multiple: true, default: ['engine', 'server'] } },
  });
  const defaultData = fileURLToPath(new URL('../../shared/data/speech/', import.meta.url));
  const dataDir = path.resolve(positionals[0] ?? defaultData);
  const workDir = await mkdtemp(path.join(tmpdir(), 'bench-priority-'));
  try {
    const recording = await corpusRecording(dataDir, workDir);
    if (values.part.includes('engine')) await benchEngine(recording, workDir);
    if (values.part.includes('server')) await benchServer(recording);
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

await main();
