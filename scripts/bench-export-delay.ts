// How long other users wait while the worst downloads and large list reads run: the server's
// event-loop delay (perf_hooks, 5 ms resolution) and the slowest answer to a second user's
// `GET /api/auth/user`, asked every 20 ms, during each scenario. The server runs in this process
// on a fresh database (RUN_WORKERS=false, EXPORT_THREADS at its default); the client's own work
// runs on the same loop, so the figures are upper bounds.
// Transcripts: issue 32's repro (200 segments of "a a a …", 5,000 characters each, on a free
// account), 20,000 short segments, and a library page of 100 transcripts of 50,000 characters.
// Usage: npm run bench:export-delay [-- --database pglite --database postgres]
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';
import type { TranscriptSegmentDto } from '../src/core/api-types.js';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { openDatabase, type DatabaseHandle } from '../src/server/db/database.js';
import { transcriptions } from '../src/server/db/schema.js';
import { signUpOverHttp } from '../tests/fixtures/accounts/sign-up-over-http.js';

const POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const RESOLUTION_MS = 5;
const PROBE_EVERY_MS = 20;
const { values } = parseArgs({
  options: { database: { type: 'string', multiple: true, default: ['pglite', 'postgres'] } },
});

const REPRO_SEGMENTS: TranscriptSegmentDto[] = Array.from({ length: 200 }, (_, index) => ({
  start: index * 5,
  end: index * 5 + 5,
  text: Array.from({ length: 2500 }, () => 'a').join(' '),
}));
const MANY_SEGMENTS: TranscriptSegmentDto[] = Array.from({ length: 20_000 }, (_, index) => ({
  start: index * 3,
  end: index * 3 + 3,
  text: `Segment ${index + 1}: the forecast for the northern region.`,
}));
const LIBRARY_TEXT = 'The northern region grew by twelve percent this quarter. '.repeat(880);

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('port')),
      );
    });
  });
}

async function insertTranscript(
  database: DatabaseHandle,
  userId: string,
  segments: TranscriptSegmentDto[],
  text = segments.map((segment) => segment.text).join(' '),
): Promise<string> {
  const id = randomUUID();
  await database.db.insert(transcriptions).values({
    id,
    userId,
    filename: 'Repro.wav',
    text,
    segments,
    durationInSeconds: segments.at(-1)?.end ?? 60,
    fileSize: 1000,
    status: 'completed',
    progress: 100,
    language: 'en',
    engine: 'whisper',
    model: 'base.en',
    audioFormat: 'wav',
    audioKey: `${id}.wav`,
    completedAt: new Date(),
  });
  return id;
}

interface Figures {
  scenario: string;
  loopDelayMs: number;
  probeMs: number;
  probes: number;
  durationMs: number;
  bytes: number;
}

/** Runs the requests while probing as another user; every answer must be a 200. */
async function scenario(
  label: string,
  urls: string[],
  owner: string,
  probe: { url: string; cookie: string },
): Promise<Figures> {
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  let running = true;
  let probeMs = 0;
  let probes = 0;
  const prober = (async () => {
    while (running) {
      const started = performance.now();
      const response = await fetch(probe.url, { headers: { cookie: probe.cookie } });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`probe answered ${response.status}`);
      probeMs = Math.max(probeMs, performance.now() - started);
      probes += 1;
      await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS));
    }
  })();
  histogram.enable();
  const started = performance.now();
  const sizes = await Promise.all(
    urls.map(async (url) => {
      const response = await fetch(url, { headers: { cookie: owner } });
      const body = await response.arrayBuffer();
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      return body.byteLength;
    }),
  );
  const durationMs = performance.now() - started;
  histogram.disable();
  running = false;
  await prober;
  return {
    scenario: label,
    loopDelayMs: Math.max(0, histogram.max / 1e6 - RESOLUTION_MS),
    probeMs,
    probes,
    durationMs,
    bytes: sizes.reduce((sum, size) => sum + size, 0),
  };
}

async function openFor(kind: string, dataDir: string) {
  if (kind === 'pglite') {
    const target = { kind: 'pglite' as const, directory: path.join(dataDir, 'db') };
    return { target, database: await openDatabase(target), drop: async () => {} };
  }
  const name = `sonoscript_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  const target = { kind: 'postgres' as const, url: url.toString() };
  return {
    target,
    database: await openDatabase(target),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    },
  };
}

async function measure(kind: string): Promise<Figures[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sonoscript-bench-export-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const { target, database, drop } = await openFor(kind, dataDir);
  const config = {
    ...loadConfig({
      DATA_DIR: dataDir,
      BASE_URL: baseUrl,
      AUTH_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'silent',
      RUN_WORKERS: 'false',
      WHISPER_MODEL: 'none',
    }),
    database: target,
  };
  await database.migrate();
  const app = await buildApp({ config, database, logger: false, signInAttemptsPerMinute: 1000 });
  try {
    await app.server.listen({ port, host: '127.0.0.1' });
    const owner = await signUpOverHttp(baseUrl, { name: 'Free account' });
    const other = await signUpOverHttp(baseUrl, { name: 'Another user' });
    const repro = await insertTranscript(database, owner.userId, REPRO_SEGMENTS);
    const many = await insertTranscript(database, owner.userId, MANY_SEGMENTS);
    const reader = await signUpOverHttp(baseUrl, { name: 'Large library' });
    for (let index = 0; index < 100; index += 1) {
      await insertTranscript(database, reader.userId, REPRO_SEGMENTS.slice(0, 1), LIBRARY_TEXT);
    }
    const probe = { url: `${baseUrl}/api/auth/user`, cookie: other.cookie };
    const download = (id: string, format: string) =>
      `${baseUrl}/api/download/${id}?format=${format}`;
    // Warm-up, not recorded: the export threads start and load their code.
    await scenario('warm-up', [download(many, 'txt'), download(many, 'txt')], owner.cookie, probe);
    const figures: Figures[] = [];
    const run = async (label: string, urls: string[], cookie = owner.cookie) => {
      const measured = await scenario(label, urls, cookie, probe);
      figures.push(measured);
      console.log(
        `${kind}\t${label}\tloop ${measured.loopDelayMs.toFixed(0)} ms\tprobe ${measured.probeMs.toFixed(0)} ms\t${(measured.durationMs / 1000).toFixed(2)} s`,
      );
    };
    for (const format of ['srt', 'vtt']) {
      await run(`${format.toUpperCase()}, 200 × 5,000 characters`, [download(repro, format)]);
    }
    await run(
      'SRT × 3 at once, 200 × 5,000 characters',
      [1, 2, 3].map(() => download(repro, 'srt')),
    );
    for (const format of ['docx', 'pdf', 'srt', 'md', 'txt', 'json']) {
      await run(`${format.toUpperCase()}, 20,000 segments`, [download(many, format)]);
    }
    for (const format of ['docx', 'pdf', 'md', 'txt', 'json']) {
      await run(`${format.toUpperCase()}, 200 × 5,000 characters`, [download(repro, format)]);
    }
    await run(
      'library page: 100 transcripts of 50,000 characters',
      [`${baseUrl}/api/transcriptions?limit=100`],
      reader.cookie,
    );
    return figures;
  } finally {
    await app.server.close();
    await database.close();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
console.log(`bench:export-delay: load average before: ${load()}`);
const tables: string[] = [];
for (const kind of values.database) {
  const figures = await measure(kind);
  tables.push(
    `\n### ${kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}\n`,
    "| scenario | event-loop delay (max) | second user's request (slowest) | download took | bytes |",
    '| -------- | ---------------------- | ------------------------------- | ------------- | ----- |',
    ...figures.map(
      (row) =>
        `| ${row.scenario} | ${row.loopDelayMs.toFixed(0)} ms | ${row.probeMs.toFixed(0)} ms (${row.probes} asked) | ${(row.durationMs / 1000).toFixed(2)} s | ${row.bytes.toLocaleString('en-US')} |`,
    ),
  );
}
console.log(tables.join('\n'));
console.log(`\nload average after: ${load()}`);
