// A soak run (issue 32): normal signed-in users read their library while abusive patterns run
// alongside, against the built server (`npm run build` first) in its own process with its
// workers (RUN_WORKERS=true, PocketSphinx). Prints the normal users' latency (overall and per
// minute), each abusive pattern's answers by status, and the server's RSS over time.
// Usage: npm run bench:soak [-- --seconds 600 --database pglite|postgres]
import { FIRST_SPEAKER } from '../src/core/speakers.js';
import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { promisify, parseArgs } from 'node:util';
import WebSocket from 'ws';
import { LIVE_TRANSCRIPTION_PATH } from '../src/core/live-transcription.js';
import type { TranscriptSegmentDto } from '../src/core/api/transcriptions.js';
import { openDatabase, type DatabaseTarget } from '../src/server/db/database.js';
import { signUpOverHttp, type HttpAccount } from '../tests/fixtures/accounts/sign-up-over-http.js';
import {
  databaseFor,
  freePort,
  insertCompletedTranscript,
  startServer,
  type BenchServer,
} from './bench-server.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '600' },
    database: { type: 'string', default: 'pglite' },
  },
});
const SECONDS = Number(values.seconds);
if (!Number.isFinite(SECONDS) || SECONDS <= 0) throw new Error('--seconds must be a number > 0');
const NORMAL_USERS = 4;
const TRANSCRIPTS_PER_USER = 20;
const POLL_EVERY_MS = 250;
const RSS_EVERY_MS = 5000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const segmentsOf = (text: string, count: number): TranscriptSegmentDto[] =>
  Array.from({ length: count }, (_, index) => ({
    start: index * 5,
    end: index * 5 + 5,
    text,
    speaker: FIRST_SPEAKER,
  }));
/** Issue 32's export repro: 200 segments of "a a a …" of 5,000 characters. */
const REPRO_SEGMENTS = segmentsOf(Array.from({ length: 2500 }, () => 'a').join(' '), 200);
const NORMAL_SEGMENTS = segmentsOf('The forecast for the northern region this quarter.', 60);
const LIBRARY_TEXT = 'The northern region grew by twelve percent this quarter. '.repeat(880);

interface Accounts {
  normal: HttpAccount[];
  exporter: HttpAccount;
  library: HttpAccount;
  abuser: HttpAccount;
}

/** Writes the transcripts straight to the database (the server is stopped meanwhile). */
async function insertTranscripts(target: DatabaseTarget, accounts: Accounts) {
  const database = await openDatabase(target);
  const insert = (userId: string, segments: TranscriptSegmentDto[], text?: string) =>
    insertCompletedTranscript(database.db, {
      userId,
      filename: `Meeting ${randomUUID().slice(0, 8)}.wav`,
      segments,
      text,
    });
  try {
    const normalIds: string[][] = [];
    for (const user of accounts.normal) {
      const ids: string[] = [];
      for (let index = 0; index < TRANSCRIPTS_PER_USER; index += 1)
        ids.push(await insert(user.userId, NORMAL_SEGMENTS));
      normalIds.push(ids);
    }
    const repro = await insert(accounts.exporter.userId, REPRO_SEGMENTS);
    for (let index = 0; index < 100; index += 1)
      await insert(accounts.library.userId, REPRO_SEGMENTS.slice(0, 1), LIBRARY_TEXT);
    const abuserTranscript = await insert(accounts.abuser.userId, NORMAL_SEGMENTS);
    return { normalIds, repro, abuserTranscript };
  } finally {
    await database.close();
  }
}

/** Five seconds of 7.1 silence at 384 kHz, FLAC in Matroska written as a stream (no duration). */
async function makeAudioBomb(file: string) {
  await promisify(execFile)('sh', [
    '-c',
    `ffmpeg -nostdin -v error -f lavfi -t 5 -i anullsrc=channel_layout=7.1:sample_rate=384000 -c:a flac -f matroska pipe:1 > '${file}'`,
  ]);
}

class StatusCounts {
  readonly counts = new Map<string, number>();
  add(status: string | number) {
    const key = String(status);
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }
  toString() {
    return [...this.counts].map(([status, count]) => `${status}×${count}`).join(', ') || 'none';
  }
}

const errorName = (error: unknown) =>
  error instanceof Error
    ? error.cause instanceof Error
      ? error.cause.message
      : error.message
    : 'error';

/** Runs `step` until the deadline or `maxCount` times, pausing `pauseMs` between. */
async function loop(
  deadline: number,
  maxCount: number,
  pauseMs: number,
  step: (index: number) => Promise<void>,
) {
  for (let index = 0; index < maxCount && Date.now() < deadline; index += 1) {
    await step(index);
    await sleep(pauseMs);
  }
}

/** One HTTP request; the status (or the failure) is counted, the body read and dropped. */
async function ask(counts: StatusCounts, url: string, init: RequestInit = {}) {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(120_000) });
    await response.arrayBuffer();
    counts.add(response.status);
  } catch (error) {
    counts.add(errorName(error));
  }
}

/** A POST declaring 100 kB of body that sends 9 bytes and then nothing; waits for the answer. */
function stalledUpload(port: number, cookie: string, deadline: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    const done = (outcome: string) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(outcome);
    };
    const timer = setTimeout(
      () => done('still open at the end'),
      Math.max(0, deadline - Date.now()),
    );
    socket.on('connect', () => {
      socket.write(
        'POST /api/transcriptions HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
          `Cookie: ${cookie}\r\nContent-Type: multipart/form-data; boundary=soak\r\n` +
          'Content-Length: 100000\r\n\r\n--soak\r\n\r\n',
      );
    });
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString('latin1');
      const status = /^HTTP\/1\.1 (\d{3})/.exec(answer);
      if (status) done(status[1] ?? '?');
    });
    socket.on('error', (error) => done(error.message));
    socket.on('close', () => done(answer ? 'unparsed answer' : 'closed without answer'));
  });
}

/**
 * A live preview that sends 2-byte audio messages every 5 ms for up to 20 s; resolves with how it
 * ended (the close code, or the refused upgrade's status).
 */
function tinyFrameLivePreview(baseUrl: string, cookie: string, deadline: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = new WebSocket(`${baseUrl.replace('http', 'ws')}${LIVE_TRANSCRIPTION_PATH}`, {
      headers: { cookie, origin: baseUrl },
    });
    let sender: NodeJS.Timeout | undefined;
    const stopAt = Math.min(deadline, Date.now() + 20_000);
    const done = (outcome: string) => {
      clearInterval(sender);
      socket.terminate();
      resolve(outcome);
    };
    socket.on('open', () => {
      sender = setInterval(() => {
        if (Date.now() >= stopAt) done('still open after 20 s (client closed)');
        else if (socket.readyState === WebSocket.OPEN) socket.send(Buffer.alloc(2));
      }, 5);
    });
    socket.on('unexpected-response', (_request, response) =>
      done(`upgrade ${response.statusCode}`),
    );
    socket.on('close', (code) => done(`closed ${code}`));
    socket.on('error', (error) => done(error.message));
  });
}

function rssMbOf(pid: number): number | undefined {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? 0
    : (sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0);
const latencyRow = (label: string, list: number[]) => {
  const sorted = [...list].sort((a, b) => a - b);
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  return `| ${label} | ${sorted.length} | ${ms(percentile(sorted, 0.5))} | ${ms(percentile(sorted, 0.95))} | ${ms(percentile(sorted, 0.99))} | ${ms(sorted.at(-1) ?? 0)} |`;
};
/** Least-squares slope of RSS over time, in MB per minute. */
function slopePerMinute(samples: { atMs: number; mb: number }[]) {
  if (samples.length < 2) return 0;
  const xs = samples.map((sample) => sample.atMs / 60_000);
  const meanX = xs.reduce((a, b) => a + b, 0) / xs.length;
  const meanY = samples.reduce((sum, sample) => sum + sample.mb, 0) / samples.length;
  let numerator = 0;
  let denominator = 0;
  samples.forEach((sample, index) => {
    const dx = (xs[index] ?? 0) - meanX;
    numerator += dx * (sample.mb - meanY);
    denominator += dx * dx;
  });
  return denominator === 0 ? 0 : numerator / denominator;
}

async function soak(
  server: BenchServer,
  port: number,
  baseUrl: string,
  accounts: Accounts,
  ids: Awaited<ReturnType<typeof insertTranscripts>>,
  bomb: string,
) {
  const started = Date.now();
  const deadline = started + SECONDS * 1000;
  const latencies: { atMs: number; ms: number }[] = [];
  const normalStatuses = new StatusCounts();
  const rss: { atMs: number; mb: number }[] = [];
  const exportCounts = new StatusCounts();
  const listCounts = new StatusCounts();
  const stalledCounts = new StatusCounts();
  const jsonCounts = new StatusCounts();
  const trialCounts = new StatusCounts();
  const liveCounts = new StatusCounts();
  const patterns = {
    'SRT/VTT export, 200 × 5,000 characters (free account)': exportCounts,
    'list of 100 × 50,000 characters, varied sort/limit': listCounts,
    'stalled upload body (100 kB declared, 9 bytes sent)': stalledCounts,
    'JSON nested 5,000 deep': jsonCounts,
    'free trial, 8 channels at 384 kHz, streamed FLAC/Matroska': trialCounts,
    'live preview sending 2-byte frames every 5 ms': liveCounts,
  };

  const sampler = (async () => {
    while (Date.now() < deadline && !server.crashed()) {
      const mb = rssMbOf(server.pid);
      if (mb !== undefined) rss.push({ atMs: Date.now() - started, mb });
      await sleep(RSS_EVERY_MS);
    }
    const mb = rssMbOf(server.pid);
    if (mb !== undefined) rss.push({ atMs: Date.now() - started, mb });
  })();

  const normalUser = async (user: HttpAccount, transcriptIds: string[]) => {
    const paths = ['/api/transcriptions', '/api/usage', ''];
    for (let round = 0; Date.now() < deadline && !server.crashed(); round += 1) {
      const tick = Date.now();
      for (const route of paths) {
        const url = `${baseUrl}${route || `/api/transcriptions/${transcriptIds[round % transcriptIds.length]}`}`;
        const begun = performance.now();
        try {
          const response = await fetch(url, { headers: { cookie: user.cookie } });
          await response.arrayBuffer();
          normalStatuses.add(response.status);
        } catch (error) {
          normalStatuses.add(errorName(error));
        }
        latencies.push({ atMs: Date.now() - started, ms: performance.now() - begun });
      }
      await sleep(Math.max(0, POLL_EVERY_MS - (Date.now() - tick)));
    }
  };

  const sorts = ['newest', 'oldest', 'name', 'duration'];
  const limits = [100, 50, 20, 77, 100, 5];
  const bombBytes = await readFile(bomb);
  const stalled: Promise<void>[] = [];
  await Promise.all([
    sampler,
    ...accounts.normal.map((user, index) => normalUser(user, ids.normalIds[index] ?? [])),
    loop(deadline, 2000, 500, (index) =>
      ask(
        exportCounts,
        `${baseUrl}/api/download/${ids.repro}?format=${index % 2 ? 'vtt' : 'srt'}`,
        {
          headers: { cookie: accounts.exporter.cookie },
        },
      ),
    ),
    loop(deadline, 2000, 300, (index) =>
      ask(
        listCounts,
        `${baseUrl}/api/transcriptions?sort=${sorts[index % sorts.length]}&limit=${limits[index % limits.length]}`,
        { headers: { cookie: accounts.library.cookie } },
      ),
    ),
    loop(deadline, 300, 2000, async () => {
      stalled.push(
        stalledUpload(port, accounts.abuser.cookie, deadline).then((outcome) =>
          stalledCounts.add(outcome),
        ),
      );
    }),
    loop(deadline, 2000, 500, (index) =>
      ask(jsonCounts, `${baseUrl}/api/transcriptions/${ids.abuserTranscript}`, {
        method: 'PATCH',
        headers: { cookie: accounts.abuser.cookie, 'content-type': 'application/json' },
        // Alternately unclosed (malformed) and closed (well-formed, but not what the route takes).
        body: '['.repeat(5000) + (index % 2 ? ']'.repeat(5000) : ''),
      }),
    ),
    loop(deadline, 200, 3000, () => {
      const form = new FormData();
      form.append('audio', new Blob([bombBytes], { type: 'audio/x-matroska' }), 'bomb.mkv');
      return ask(trialCounts, `${baseUrl}/api/transcribe/free-trial`, {
        method: 'POST',
        body: form,
      });
    }),
    loop(deadline, 100, 1000, async () => {
      liveCounts.add(await tinyFrameLivePreview(baseUrl, accounts.abuser.cookie, deadline));
    }),
  ]);
  await Promise.all(stalled);
  return { latencies, normalStatuses, rss, patterns, elapsedMs: Date.now() - started };
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'sonoscript-bench-soak-'));
const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
const database = await databaseFor(values.database, dataDir);
const env = {
  PORT: String(port),
  HOST: '127.0.0.1',
  BASE_URL: baseUrl,
  DATA_DIR: dataDir,
  AUTH_SECRET: randomBytes(32).toString('hex'),
  RUN_WORKERS: 'true',
  LOG_LEVEL: 'warn',
  WHISPER_MODEL: 'none',
  MIN_FREE_DISK_MB: '64',
  ...database.env,
};
let crashed: boolean | undefined;
try {
  const bomb = path.join(dataDir, 'bomb.mkv');
  await makeAudioBomb(bomb);
  let server = await startServer(ROOT, env, baseUrl);
  const accounts: Accounts = {
    normal: [],
    exporter: await signUpOverHttp(baseUrl, { name: 'Free exporter' }),
    library: await signUpOverHttp(baseUrl, { name: 'Large library' }),
    abuser: await signUpOverHttp(baseUrl, { name: 'Abuser' }),
  };
  for (let index = 0; index < NORMAL_USERS; index += 1)
    accounts.normal.push(await signUpOverHttp(baseUrl, { name: `Normal user ${index + 1}` }));
  await server.stop();
  const ids = await insertTranscripts(database.target, accounts);
  server = await startServer(ROOT, env, baseUrl);
  const load = () =>
    loadavg()
      .map((value) => value.toFixed(2))
      .join(' ');
  console.log(`bench:soak: ${SECONDS} s on ${values.database}, load average before: ${load()}`);
  try {
    const result = await soak(server, port, baseUrl, accounts, ids, bomb);
    crashed = server.crashed();
    const lines = [
      `\n### Soak, ${(result.elapsedMs / 1000).toFixed(0)} s, ${values.database === 'pglite' ? 'PGlite' : 'PostgreSQL'}${crashed ? ' — THE SERVER CRASHED' : ''}\n`,
      `Normal signed-in reads (${NORMAL_USERS} users, list/usage/detail every ${POLL_EVERY_MS} ms): ${result.normalStatuses.toString()}\n`,
      '| window | reads | p50 | p95 | p99 | max |',
      '| ------ | ----- | --- | --- | --- | --- |',
      latencyRow(
        'whole run',
        result.latencies.map((entry) => entry.ms),
      ),
    ];
    for (let minute = 0; minute * 60_000 < result.elapsedMs; minute += 1) {
      const inMinute = result.latencies.filter(
        (entry) => Math.floor(entry.atMs / 60_000) === minute,
      );
      // The last second or so past a whole minute holds no reads: no row of zeros.
      if (inMinute.length === 0) continue;
      lines.push(
        latencyRow(
          `minute ${minute + 1}`,
          inMinute.map((entry) => entry.ms),
        ),
      );
    }
    lines.push(
      '',
      '| abusive pattern | answers by status |',
      '| --------------- | ----------------- |',
    );
    for (const [label, counts] of Object.entries(result.patterns))
      lines.push(`| ${label} | ${counts.toString()} |`);
    const rssAt = (atMs: number) =>
      result.rss.reduce((best, sample) =>
        Math.abs(sample.atMs - atMs) < Math.abs(best.atMs - atMs) ? sample : best,
      );
    if (result.rss.length > 0) {
      const marks = [0];
      for (let at = 60_000; at < result.elapsedMs; at += 60_000) marks.push(at);
      marks.push(result.elapsedMs);
      lines.push('', '| server RSS at | MB |', '| ------------- | -- |');
      const shown = new Set<number>();
      for (const at of marks) {
        const sample = rssAt(at);
        if (shown.has(sample.atMs)) continue;
        shown.add(sample.atMs);
        lines.push(`| ${(sample.atMs / 1000).toFixed(0)} s | ${sample.mb.toFixed(0)} |`);
      }
      const max = Math.max(...result.rss.map((sample) => sample.mb));
      lines.push(`| max | ${max.toFixed(0)} |`);
      lines.push(
        `\nRSS slope (least squares over ${result.rss.length} samples every ${RSS_EVERY_MS / 1000} s): ${slopePerMinute(result.rss).toFixed(1)} MB/minute`,
      );
      // The first minute includes the warm-up (export threads, caches filling).
      const afterWarmUp = result.rss.filter((sample) => sample.atMs >= 60_000);
      if (afterWarmUp.length >= 12)
        lines.push(
          `RSS slope after the first minute: ${slopePerMinute(afterWarmUp).toFixed(1)} MB/minute`,
        );
    }
    lines.push(`load average after: ${load()}`);
    console.log(lines.join('\n'));
    if (crashed) console.log(`\nserver output:\n${server.log().slice(-4000)}`);
  } finally {
    await server.stop();
  }
} finally {
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
if (crashed === true) process.exitCode = 1;
