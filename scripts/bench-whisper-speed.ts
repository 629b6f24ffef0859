/**
 * whisper.cpp speed per model size, to choose the default WHISPER_MODEL by measurement.
 *
 *   npm run bench:whisper-speed [-- [--quick] [<speech data folder>]]   (default ../shared/data/speech)
 *
 * Real model weights cannot be had on the build machines, so the script generates ggml models
 * with the published dimensions of tiny.en, base.en and small.en and random weights
 * (tests/fixtures/whisper/published-size-whisper-model.ts). The encoder does exactly the work of
 * the real model; the decoder does the work of the tokens it emits, and random weights emit either
 * a few or run on to the cap of 224 per window. So each row also gives an estimate for real
 * speech: the measured time with the decoder's steps set to TOKENS_PER_WINDOW (about 2.5 words a
 * second) at the per-step cost whisper.cpp itself reported. Temperature fallback is off (random
 * weights would always fall back).
 *
 * It times the project's whisper-server (scripts/build-whisper.mjs) on one 30 s window of read
 * speech with threads 1 and 2, flash attention on and off, beam size 1 and 5; then a 10-minute
 * file (the speech corpus repeated, as bench:speech makes it) in 30 s windows, one at a time as
 * the engine sends them, with the settings a user gets (all cores, flash attention on, greedy).
 * `--quick` runs the 30 s matrix only.
 */
import { spawn } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { encodeWav } from '../src/server/speech/audio/encode-wav.js';
import { findWhisperServer } from '../src/server/speech/engines/whisper/whisper-server-binary.js';
import {
  PUBLISHED_DIMENSIONS,
  writePublishedSizeWhisperModel,
  type PublishedModelName,
} from '../tests/fixtures/whisper/published-size-whisper-model.js';
import { freePort } from './free-port.mjs';

const MODELS = Object.keys(PUBLISHED_DIMENSIONS) as PublishedModelName[];
/** Published word error rates on LibriSpeech test-clean (OpenAI's Whisper paper, English-only models). */
const PUBLISHED_WER: Record<PublishedModelName, string> = {
  'tiny.en': '5.6%',
  'base.en': '4.2%',
  'small.en': '3.1%',
};
/** Tokens whisper writes for 30 s of read speech: about 75 words plus timestamps. */
const TOKENS_PER_WINDOW = 100;
const WINDOW_SECONDS = 30;
const LONG_FILE_SECONDS = 600;
const TARGET_SECONDS = 180;
const SAMPLE_RATE = 16_000;

interface Settings {
  threads: number;
  flashAttention: boolean;
  beam: number;
}

interface Timings {
  loadMs: number;
  encodeMs: number;
  encodeRuns: number;
  /** Decoder steps after the prompt (decode + batched decode runs) and their cost with sampling. */
  steps: number;
  stepMs: number;
}

interface Measurement {
  windows: number;
  wallSeconds: number;
  timings: Timings;
}

function run(command: string, args: readonly string[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve(Buffer.concat(out))
        : reject(new Error(`${command} failed: ${Buffer.concat(err).toString('utf8')}`)),
    );
  });
}

/** The speech corpus repeated to ten minutes, as 16 kHz mono samples. */
async function longSpeech(dataDir: string, workDir: string): Promise<Int16Array> {
  const lines = (await readFile(path.join(dataDir, 'manifest.tsv'), 'utf8'))
    .split('\n')
    .slice(1)
    .filter(Boolean);
  const files = lines.map((line) => path.join(dataDir, line.split('\t')[0] ?? ''));
  const list = path.join(workDir, 'corpus.txt');
  await writeFile(list, files.map((file) => `file '${file}'`).join('\n'));
  const pcm = await run('ffmpeg', [
    ...['-nostdin', '-v', 'error', '-stream_loop', '-1', '-f', 'concat', '-safe', '0'],
    ...['-i', list, '-t', String(LONG_FILE_SECONDS), '-ac', '1', '-ar', String(SAMPLE_RATE)],
    ...['-f', 's16le', '-'],
  ]);
  return new Int16Array(pcm.buffer, pcm.byteOffset, pcm.length / 2);
}

async function modelFile(name: PublishedModelName): Promise<string> {
  const folder = path.join(tmpdir(), 'sonoscript-bench-whisper-models');
  await mkdir(folder, { recursive: true });
  const file = path.join(folder, `ggml-${name}-random.bin`);
  if (!existsSync(file)) {
    process.stderr.write(`generating ${name} (random weights) in ${folder}\n`);
    await writePublishedSizeWhisperModel(file, name);
  }
  return file;
}

/** Starts whisper-server, sends the windows one at a time, stops it and reads its timings. */
async function measure(
  binary: string,
  model: string,
  settings: Settings,
  windows: readonly Int16Array[],
): Promise<Measurement> {
  const port = await freePort();
  const child = spawn(
    binary,
    [
      ...['--model', model, '--threads', String(settings.threads), '--host', '127.0.0.1'],
      ...['--port', String(port), '--language', 'en', '--suppress-nst'],
      ...(settings.flashAttention ? ['--flash-attn'] : ['--no-flash-attn']),
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-20_000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`whisper-server exited: ${stderr}`);
      const ready = await fetch(`http://127.0.0.1:${port}/`).then(
        (response) => response.ok,
        () => false,
      );
      if (ready) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const started = performance.now();
    for (const window of windows) {
      await postWindow(port, window, settings.beam);
    }
    const wallSeconds = (performance.now() - started) / 1000;
    child.kill('SIGTERM');
    await exited;
    return { windows: windows.length, wallSeconds, timings: parseTimings(stderr) };
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
  }
}

/**
 * POST /inference without a client timeout: on a busy machine one window of small.en can take
 * longer than fetch's five minutes.
 */
function postWindow(port: number, window: Int16Array, beam: number): Promise<void> {
  const boundary = `bench${Date.now()}`;
  const field = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const body = Buffer.concat([
    Buffer.from(
      field('response_format', 'json') +
        field('temperature', '0') +
        field('temperature_inc', '0') +
        field('beam_size', String(beam)) +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="window.wav"\r\nContent-Type: audio/wav\r\n\r\n`,
    ),
    encodeWav(window),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path: '/inference',
        method: 'POST',
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': body.length,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          response.statusCode === 200
            ? resolve()
            : reject(
                new Error(
                  `whisper-server answered ${response.statusCode}: ${Buffer.concat(chunks).toString()}`,
                ),
              ),
        );
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** whisper_print_timings, which whisper-server prints when it stops. */
function parseTimings(stderr: string): Timings {
  const runs = (label: string): { ms: number; runs: number } => {
    const match = new RegExp(`${label} time =\\s*([\\d.]+) ms /\\s*(\\d+) runs`).exec(stderr);
    return { ms: Number(match?.[1] ?? 0), runs: Number(match?.[2] ?? 0) };
  };
  const load = Number(/load time =\s*([\d.]+) ms/.exec(stderr)?.[1] ?? 0);
  const encode = runs('encode');
  const decode = runs('decode');
  const batchd = runs('batchd');
  const sample = runs('sample');
  const steps = decode.runs + batchd.runs;
  return {
    loadMs: load,
    encodeMs: encode.ms,
    encodeRuns: encode.runs,
    steps,
    stepMs: steps > 0 ? (decode.ms + batchd.ms + sample.ms) / steps : 0,
  };
}

/**
 * Seconds for real speech: the measured time with the decoder's work set to TOKENS_PER_WINDOW
 * steps per window (random weights emit a few tokens or run on to whisper's cap of 224), at the
 * per-step cost whisper.cpp reported. Later steps cost a little more than earlier ones, so an
 * average over 224 steps slightly overstates 100.
 */
function estimatedSeconds(measurement: Measurement): number {
  const { timings, windows } = measurement;
  const extraSteps = TOKENS_PER_WINDOW * windows - timings.steps;
  return measurement.wallSeconds + (extraSteps * timings.stepMs) / 1000;
}

const seconds = (value: number): string => `${value.toFixed(1)} s`;

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { quick: { type: 'boolean', default: false } },
  });
  const dataDir = path.resolve(positionals[0] ?? '../shared/data/speech');
  const binary = await findWhisperServer();
  const workDir = await mkdtemp(path.join(tmpdir(), 'sonoscript-bench-whisper-'));
  const cores = availableParallelism();
  const startLoad = loadavg()[0] ?? 0;
  try {
    const speech = await longSpeech(dataDir, workDir);
    const windowSamples = WINDOW_SECONDS * SAMPLE_RATE;
    const windows: Int16Array[] = [];
    for (let start = 0; start < speech.length; start += windowSamples) {
      windows.push(speech.subarray(start, start + windowSamples));
    }
    const firstWindow = windows.slice(0, 1);
    const models: Record<string, string> = {};
    for (const name of MODELS) models[name] = await modelFile(name);

    console.log(
      `\n### One 30 s window (${cores} cores, load average ${startLoad.toFixed(1)} at the start)\n`,
    );
    console.log(
      '| model | threads | flash attention | beam | measured | encoder | decoder steps | ms per step | estimated for speech |',
    );
    console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
    for (const name of MODELS) {
      for (const threads of [1, 2]) {
        for (const flashAttention of [true, false]) {
          for (const beam of [1, 5]) {
            const result = await measure(
              binary,
              models[name] ?? '',
              { threads, flashAttention, beam },
              firstWindow,
            );
            const { timings } = result;
            console.log(
              `| ${name} | ${threads} | ${flashAttention ? 'on' : 'off'} | ${beam} | ${seconds(result.wallSeconds)} | ${seconds(timings.encodeMs / 1000)} | ${timings.steps} | ${timings.stepMs.toFixed(1)} | ${seconds(estimatedSeconds(result))} |`,
            );
          }
        }
      }
    }
    if (values.quick) return;

    const userSettings: Settings = { threads: cores, flashAttention: true, beam: 1 };
    console.log(
      `\n### The 10-minute file in ${windows.length} windows, as a user gets it (threads ${cores}, flash attention on, greedy)\n`,
    );
    console.log(
      '| model | published WER (LibriSpeech test-clean) | measured | encoder | decoder steps | estimated for speech | under 3 minutes |',
    );
    console.log('| --- | --- | --- | --- | --- | --- | --- |');
    let chosen: string | undefined;
    for (const name of MODELS) {
      const result = await measure(binary, models[name] ?? '', userSettings, windows);
      const estimate = estimatedSeconds(result);
      const fits = estimate < TARGET_SECONDS;
      if (fits) chosen = name;
      console.log(
        `| ${name} | ${PUBLISHED_WER[name]} (published) | ${seconds(result.wallSeconds)} | ${seconds(result.timings.encodeMs / 1000)} | ${result.timings.steps} | ${seconds(estimate)} | ${fits ? 'yes' : 'no'} |`,
      );
    }
    console.log(
      `\nLargest model under ${TARGET_SECONDS / 60} minutes for the 10-minute file: ${chosen ?? 'none'} (load average ${(loadavg()[0] ?? 0).toFixed(1)} at the end)`,
    );
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

await main();
