/**
 * How soon the first words of a long upload are on screen: the time from the upload's answer to the
 * first segments on the transcription's events stream, and to its completion, for a ten-minute
 * recording, with PocketSphinx on 1 and on 2 workers. The real app (in this process, on a fresh
 * embedded database), real HTTP, a Pro account (whole files).
 *
 *   npm run bench:first-words [-- <speech data folder> [<seconds>]]   (default ../shared/data/speech, 600)
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/database.js';
import { makeUserPro } from '../tests/integration/support/subscriptions.js';
import { signUpOverHttp } from '../tests/fixtures/accounts/sign-up-over-http.js';

const WORKER_COUNTS = [1, 2];

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

/** The corpus's clips, repeated in manifest order, as one 16 kHz WAV of at least `seconds`. */
async function longRecording(dataDir: string, workDir: string, seconds: number): Promise<string> {
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
  // Enough rounds of the corpus, then cut to the length asked for.
  await writeFile(
    list,
    Array(40)
      .fill(parts.map((part) => `file '${part}'`).join('\n'))
      .join('\n'),
  );
  const output = path.join(workDir, 'long.wav');
  await ffmpeg([
    '-f',
    'concat',
    '-safe',
    '0',
    '-i',
    list,
    '-t',
    String(seconds),
    '-c:a',
    'pcm_s16le',
    output,
  ]);
  return output;
}

/** Seconds from `since` to the first segments, and to the end of the job, seen on the stream. */
async function follow(url: string, cookie: string, since: number) {
  const response = await fetch(url, { headers: { cookie, accept: 'text/event-stream' } });
  if (!response.ok || !response.body) throw new Error(`events stream: ${response.status}`);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let firstWords: number | undefined;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    const blocks = buffer.split('\n\n');
    buffer = blocks.pop() ?? '';
    for (const block of blocks) {
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1] ?? 'null';
      if (event === 'segments' && firstWords === undefined) {
        const { segments } = JSON.parse(data) as { segments: unknown[] };
        if (segments.length > 0) firstWords = (performance.now() - since) / 1000;
      }
      if (event === 'status') {
        const { status } = JSON.parse(data) as { status: string };
        if (status === 'completed' || status === 'failed' || status === 'cancelled') {
          await reader.cancel();
          return { firstWords, total: (performance.now() - since) / 1000, status };
        }
      }
    }
  }
  throw new Error('the stream ended before the job');
}

async function run(recording: string, workers: number) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-first-words-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    AUTH_SECRET: 'bench-secret-that-is-long-enough-for-better-auth',
    LOG_LEVEL: 'silent',
    RUN_WORKERS: 'true',
    WORKER_CONCURRENCY: String(workers),
    WHISPER_MODEL: 'none',
  });
  const database = await openDatabase(config.database);
  await database.migrate();
  const app = await buildApp({ config, database, logger: false });
  try {
    await app.server.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    const base = `http://127.0.0.1:${address.port}`;
    const origin = base;
    const { cookie, userId } = await signUpOverHttp(base, { origin, name: 'Bench' });
    await makeUserPro({ database, billing: app.billing }, userId);
    // Load the decoder threads' models first, as a running server has them loaded.
    if (!app.speech) throw new Error('the app was started without speech (RUN_WORKERS=false)');
    const engine = app.speech.current();
    await Promise.all(
      Array.from({ length: workers }, () => engine.transcribe(new Int16Array(16_000))),
    );

    const form = new FormData();
    form.append('audio', new Blob([await readFile(recording)]), 'ten-minutes.wav');
    const upload = await fetch(`${base}/api/transcriptions`, {
      method: 'POST',
      headers: { cookie, origin },
      body: form,
    });
    const answered = performance.now();
    if (upload.status !== 201) throw new Error(`upload: ${upload.status} ${await upload.text()}`);
    const { id } = (await upload.json()) as { id: string };
    return await follow(`${base}/api/transcriptions/${id}/events`, cookie, answered);
  } finally {
    await app.server.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const defaultData = fileURLToPath(new URL('../../shared/data/speech/', import.meta.url));
  const dataDir = path.resolve(process.argv[2] ?? defaultData);
  const seconds = Number(process.argv[3] ?? 600);
  const workDir = await mkdtemp(path.join(tmpdir(), 'bench-first-words-'));
  try {
    const recording = await longRecording(dataDir, workDir, seconds);
    console.log(
      `A ${seconds} s recording, PocketSphinx, times from the upload's answer (load ${loadavg()[0]?.toFixed(1)})`,
    );
    console.log(
      `  ${'workers'.padEnd(10)}${['first words (s)', 'completed (s)', 'first/total'].map((h) => h.padStart(18)).join('')}`,
    );
    for (const workers of WORKER_COUNTS) {
      const result = await run(recording, workers);
      if (result.status !== 'completed') throw new Error(`job ended ${result.status}`);
      const first = result.firstWords ?? Number.NaN;
      console.log(
        `  ${String(workers).padEnd(10)}${[first.toFixed(1), result.total.toFixed(1), `${((first / result.total) * 100).toFixed(1)}%`].map((v) => v.padStart(18)).join('')}`,
      );
    }
    console.log(`  (load after: ${loadavg()[0]?.toFixed(1)})`);
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

await main();
