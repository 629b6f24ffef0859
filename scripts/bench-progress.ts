/**
 * What a Free user waits for a 30-second transcript beside an anonymous trial of the same audio,
 * and how the progress a user watches moves: for a longer Pro upload, every progress event seen on
 * the transcription's stream, the longest stretch without a change, and whether it ever went back.
 * The real app in this process on a fresh embedded database, PocketSphinx, real HTTP.
 *
 *   npm run bench:progress [-- <speech data folder> [<rounds>]]   (default ../shared/data/speech, 3)
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/database.js';
import { signUpOverHttp } from '../tests/fixtures/accounts/sign-up-over-http.js';
import { makeUserPro } from '../tests/integration/support/subscriptions.js';

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

/** The corpus's clips one after another as one 16 kHz WAV of `seconds`. */
async function recording(dataDir: string, workDir: string, seconds: number): Promise<string> {
  const manifest = await readFile(path.join(dataDir, 'manifest.tsv'), 'utf8');
  const inputs = manifest
    .trim()
    .split('\n')
    .slice(1)
    .flatMap((line) => ['-i', path.join(dataDir, line.split('\t')[0] ?? '')]);
  const count = inputs.length / 2;
  const output = path.join(workDir, `speech-${seconds}.wav`);
  const streams = Array.from({ length: count }, (_, at) => `[${at}:a]`).join('');
  await ffmpeg([
    ...inputs,
    '-filter_complex',
    `${streams}concat=n=${count}:v=0:a=1,aresample=16000,aloop=loop=-1:size=2e9[out]`,
    '-map',
    '[out]',
    '-ac',
    '1',
    '-t',
    String(seconds),
    '-c:a',
    'pcm_s16le',
    output,
  ]);
  return output;
}

interface Timeline {
  total: number;
  endedAt: number;
  progress: Array<{ at: number; progress: number }>;
  status: string;
}

/** Every progress event and the end of the job, in seconds from `since`. */
async function follow(url: string, cookie: string, since: number): Promise<Timeline> {
  const response = await fetch(url, { headers: { cookie, accept: 'text/event-stream' } });
  if (!response.ok || !response.body) throw new Error(`events stream: ${response.status}`);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const progress: Timeline['progress'] = [];
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    const blocks = buffer.split('\n\n');
    buffer = blocks.pop() ?? '';
    for (const block of blocks) {
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? 'null') as Record<
        string,
        unknown
      >;
      const at = (performance.now() - since) / 1000;
      if (event === 'progress') progress.push({ at, progress: Number(data.progress) });
      if (
        event === 'status' &&
        ['completed', 'failed', 'cancelled'].includes(String(data.status))
      ) {
        await reader.cancel();
        return { total: at, endedAt: performance.now(), progress, status: String(data.status) };
      }
    }
  }
  throw new Error('the stream ended before the job');
}

async function main(): Promise<void> {
  const defaultData = fileURLToPath(new URL('../../shared/data/speech/', import.meta.url));
  const speechDir = path.resolve(process.argv[2] ?? defaultData);
  const rounds = Number(process.argv[3] ?? 3);
  const workDir = await mkdtemp(path.join(tmpdir(), 'bench-progress-'));
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-progress-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    AUTH_SECRET: 'bench-secret-that-is-long-enough-for-better-auth',
    LOG_LEVEL: 'silent',
    RUN_WORKERS: 'true',
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
    const short = await readFile(await recording(speechDir, workDir, 45));
    const long = await readFile(await recording(speechDir, workDir, 240));
    if (!app.speech) throw new Error('the app was started without speech');
    await app.speech.current().transcribe(new Int16Array(16_000));

    const upload = async (cookie: string, audio: Buffer, name: string) => {
      const form = new FormData();
      form.append('audio', new Blob([new Uint8Array(audio)]), name);
      const response = await fetch(`${base}/api/transcriptions`, {
        method: 'POST',
        headers: { cookie, origin },
        body: form,
      });
      const answered = performance.now();
      if (response.status !== 201)
        throw new Error(`upload: ${response.status} ${await response.text()}`);
      const { id } = (await response.json()) as { id: string };
      return follow(`${base}/api/transcriptions/${id}/events`, cookie, answered);
    };

    console.log(
      `A 45 s recording: the first 30 s, PocketSphinx (load ${loadavg()[0]?.toFixed(1)})`,
    );
    console.log(
      `  ${'round'.padEnd(8)}${['trial (s)', 'Free upload (s)'].map((h) => h.padStart(18)).join('')}`,
    );
    for (let round = 1; round <= rounds; round += 1) {
      const form = new FormData();
      form.append('audio', new Blob([new Uint8Array(short)]), 'trial.wav');
      const started = performance.now();
      const trial = await fetch(`${base}/api/transcribe/free-trial`, {
        method: 'POST',
        headers: { origin },
        body: form,
      });
      if (trial.status !== 200) throw new Error(`trial: ${trial.status} ${await trial.text()}`);
      const trialSeconds = (performance.now() - started) / 1000;
      const free = await signUpOverHttp(base, { origin, name: `Free ${round}` });
      const freeStarted = performance.now();
      const job = await upload(free.cookie, short, 'free.wav');
      if (job.status !== 'completed') throw new Error(`Free job ended ${job.status}`);
      const freeSeconds = (job.endedAt - freeStarted) / 1000;
      console.log(
        `  ${String(round).padEnd(8)}${[trialSeconds.toFixed(1), freeSeconds.toFixed(1)].map((v) => v.padStart(18)).join('')}`,
      );
    }

    const pro = await signUpOverHttp(base, { origin, name: 'Pro' });
    await makeUserPro({ database, billing: app.billing }, pro.userId);
    const job = await upload(pro.cookie, long, 'long.wav');
    const changes = job.progress;
    let longest = 0;
    let previous = 0;
    for (const change of [...changes, { at: job.total, progress: 100 }]) {
      longest = Math.max(longest, change.at - previous);
      previous = change.at;
    }
    const wentBack = changes.some(
      (change, at) => at > 0 && change.progress < (changes[at - 1]?.progress ?? 0),
    );
    const firstAbove0 = changes.find((change) => change.progress > 0)?.at ?? job.total;
    console.log(
      `A 240 s recording, Pro, from the upload's answer (load ${loadavg()[0]?.toFixed(1)})`,
    );
    console.log(`  completed after ${job.total.toFixed(1)} s; ${changes.length} progress events`);
    console.log(`  first progress above 0% after ${firstAbove0.toFixed(1)} s`);
    console.log(
      `  longest time without a change: ${longest.toFixed(1)} s; ever went back: ${wentBack}`,
    );
    console.log(
      `  events: ${changes.map((change) => `${change.at.toFixed(1)}s:${change.progress}%`).join(' ')}`,
    );
  } finally {
    await app.server.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
    await rm(workDir, { recursive: true, force: true });
  }
}

await main();
