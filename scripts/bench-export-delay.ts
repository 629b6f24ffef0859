// What other users wait while the worst downloads and large list reads run. The built server
// (`npm run build` first) runs in its own process, as deployed (RUN_WORKERS=false, LOG_LEVEL=warn,
// EXPORT_THREADS at its default); this script asks for the downloads and, as a second user, for
// `GET /api/auth/user` every 20 ms meanwhile. A blocked event loop shows as that answer's delay:
// the table gives its slowest and median answer during each scenario.
// Transcripts (written to the database while the server is stopped): issue 32's repro, 200
// segments of "a a a …" of 5,000 characters on a free account; 20,000 short segments; and, for
// the list read, a library page of 100 transcripts of 50,000 characters.
// Usage: npm run bench:export-delay [-- --database pglite --database postgres
//   --build before=/path/to/old/checkout]   (each --build names a checkout with a built dist/)
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { TranscriptSegmentDto } from '../src/core/api/transcriptions.js';
import { FIRST_SPEAKER } from '../src/core/speakers.js';
import { openDatabase, type DatabaseTarget } from '../src/server/db/database.js';
import { databaseFor, freePort, insertCompletedTranscript, startServer } from './bench-server.js';
import { signUpOverHttp, type HttpAccount } from '../tests/fixtures/accounts/sign-up-over-http.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const PROBE_EVERY_MS = 20;
const { values } = parseArgs({
  options: {
    database: { type: 'string', multiple: true, default: ['pglite', 'postgres'] },
    build: { type: 'string', multiple: true, default: [] },
  },
});
const BUILDS = [
  ...values.build.map((spec) => {
    const [label = spec, directory = spec] = spec.split('=');
    return { label, directory: path.resolve(directory) };
  }),
  { label: 'this build', directory: ROOT },
];

const REPRO_SEGMENTS: TranscriptSegmentDto[] = Array.from({ length: 200 }, (_, index) => ({
  start: index * 5,
  end: index * 5 + 5,
  text: Array.from({ length: 2500 }, () => 'a').join(' '),
  speaker: FIRST_SPEAKER,
}));
const MANY_SEGMENTS: TranscriptSegmentDto[] = Array.from({ length: 20_000 }, (_, index) => ({
  start: index * 3,
  end: index * 3 + 3,
  text: `Segment ${index + 1}: the forecast for the northern region.`,
  speaker: FIRST_SPEAKER,
}));
const LIBRARY_TEXT = 'The northern region grew by twelve percent this quarter. '.repeat(880);

interface Fixtures {
  owner: HttpAccount;
  other: HttpAccount;
  reader: HttpAccount;
  repro: string;
  many: string;
}

/** Writes the transcripts straight to the database (the server is stopped meanwhile). */
async function insertTranscripts(
  target: DatabaseTarget,
  accounts: Pick<Fixtures, 'owner' | 'other' | 'reader'>,
): Promise<Fixtures> {
  const database = await openDatabase(target);
  const insert = (userId: string, segments: TranscriptSegmentDto[], text?: string) =>
    insertCompletedTranscript(database.db, { userId, filename: 'Repro.wav', segments, text });
  try {
    const repro = await insert(accounts.owner.userId, REPRO_SEGMENTS);
    const many = await insert(accounts.owner.userId, MANY_SEGMENTS);
    for (let index = 0; index < 100; index += 1) {
      await insert(accounts.reader.userId, REPRO_SEGMENTS.slice(0, 1), LIBRARY_TEXT);
    }
    return { ...accounts, repro, many };
  } finally {
    await database.close();
  }
}

interface Figures {
  scenario: string;
  slowestMs: number;
  medianMs: number;
  probes: number;
  /** Second-user requests that failed (the server closed the connection on a stalled request). */
  failed: number;
  durationMs: number;
  bytes: number;
}

const median = (list: number[]) =>
  [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0;

async function scenario(
  label: string,
  urls: string[],
  cookie: string,
  probe: { url: string; cookie: string },
): Promise<Figures> {
  let running = true;
  const latencies: number[] = [];
  let failed = 0;
  const prober = (async () => {
    while (running) {
      const started = performance.now();
      try {
        const response = await fetch(probe.url, { headers: { cookie: probe.cookie } });
        await response.arrayBuffer();
        if (!response.ok) failed += 1;
      } catch {
        failed += 1;
      }
      latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS));
    }
  })();
  const started = performance.now();
  const sizes = await Promise.all(
    urls.map(async (url) => {
      try {
        const response = await fetch(url, { headers: { cookie } });
        const body = await response.arrayBuffer();
        if (response.ok) return body.byteLength;
        console.log(`${url} answered ${response.status}`);
      } catch (error) {
        // The old build stalls long enough for the server to drop connections.
        console.log(`${url} failed: ${error instanceof Error ? error.message : String(error)}`);
      }
      return 0;
    }),
  );
  const durationMs = performance.now() - started;
  running = false;
  await prober;
  return {
    scenario: label,
    slowestMs: Math.max(...latencies),
    medianMs: median(latencies),
    probes: latencies.length,
    failed,
    durationMs,
    bytes: sizes.reduce((sum, size) => sum + size, 0),
  };
}

async function measure(build: { label: string; directory: string }, kind: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sonoscript-bench-export-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const database = await databaseFor(kind, dataDir);
  const env = {
    PORT: String(port),
    HOST: '127.0.0.1',
    BASE_URL: baseUrl,
    DATA_DIR: dataDir,
    AUTH_SECRET: randomBytes(32).toString('hex'),
    RUN_WORKERS: 'false',
    LOG_LEVEL: 'warn',
    WHISPER_MODEL: 'none',
    ...database.env,
  };
  try {
    let server = await startServer(build.directory, env, baseUrl);
    const accounts = {
      owner: await signUpOverHttp(baseUrl, { name: 'Free account' }),
      other: await signUpOverHttp(baseUrl, { name: 'Another user' }),
      reader: await signUpOverHttp(baseUrl, { name: 'Large library' }),
    };
    await server.stop();
    const fixtures = await insertTranscripts(database.target, accounts);
    server = await startServer(build.directory, env, baseUrl);
    try {
      const probe = { url: `${baseUrl}/api/auth/user`, cookie: fixtures.other.cookie };
      const download = (id: string, format: string) =>
        `${baseUrl}/api/download/${id}?format=${format}`;
      const owner = fixtures.owner.cookie;
      // Warm-up, not recorded: the export threads start and load their code.
      await scenario(
        'warm-up',
        ['docx', 'pdf'].map((f) => download(fixtures.repro, f)),
        owner,
        probe,
      );
      const figures: Figures[] = [];
      const run = async (label: string, urls: string[], cookie = owner) => {
        const measured = await scenario(label, urls, cookie, probe);
        figures.push(measured);
        console.log(
          `${build.label}\t${kind}\t${label}\tslowest ${measured.slowestMs.toFixed(0)} ms\tmedian ${measured.medianMs.toFixed(0)} ms\t${(measured.durationMs / 1000).toFixed(2)} s`,
        );
      };
      for (const format of ['srt', 'vtt']) {
        await run(`${format.toUpperCase()}, 200 × 5,000 characters`, [
          download(fixtures.repro, format),
        ]);
      }
      await run(
        'SRT × 3 at once, 200 × 5,000 characters',
        [1, 2, 3].map(() => download(fixtures.repro, 'srt')),
      );
      for (const format of ['docx', 'pdf', 'srt', 'md', 'txt', 'json']) {
        await run(`${format.toUpperCase()}, 20,000 segments`, [download(fixtures.many, format)]);
      }
      await run(
        'list: 100 transcripts of 50,000 characters',
        [`${baseUrl}/api/transcriptions?limit=100`],
        fixtures.reader.cookie,
      );
      return figures;
    } finally {
      await server.stop();
    }
  } finally {
    await database.drop();
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
  tables.push(
    `\n### ${kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}\n`,
    "| build | scenario | second user's request: slowest (median) | failed | download took | bytes |",
    '| ----- | -------- | --------------------------------------- | ------ | ------------- | ----- |',
  );
  for (const build of BUILDS) {
    for (const row of await measure(build, kind)) {
      tables.push(
        `| ${build.label} | ${row.scenario} | ${row.slowestMs.toFixed(0)} ms (${row.medianMs.toFixed(0)} ms, ${row.probes} asked) | ${row.failed} | ${(row.durationMs / 1000).toFixed(2)} s | ${row.bytes.toLocaleString('en-US')} |`,
      );
    }
  }
}
console.log(tables.join('\n'));
console.log(`\nload average after: ${load()}`);
