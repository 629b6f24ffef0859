// Memory of one API process under issue 32's repro: users, each with transcripts edited to about
// a megabyte of text, read `GET /api/transcriptions?limit=100` in 16 sort/limit variants. Prints
// the process's RSS and heap before the reads, after them, and after a garbage collection (the
// list cache keeps what it may; the rest is garbage). PGlite, in this process, RUN_WORKERS=false.
// Usage: npm run bench:list-memory [-- --users 3 --transcripts 100 --text-kb 1024]
import { FIRST_SPEAKER } from '../src/core/speakers.js';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/database.js';
import { transcriptions } from '../src/server/db/schema.js';

const { values } = parseArgs({
  options: {
    users: { type: 'string', default: '3' },
    transcripts: { type: 'string', default: '100' },
    'text-kb': { type: 'string', default: '1024' },
  },
});
const USERS = Number(values.users);
const TRANSCRIPTS = Number(values.transcripts);
const TEXT_CHARACTERS = Number(values['text-kb']) * 1024;
const ORIGIN = 'http://localhost:3000';
const VARIANTS = ['newest', 'oldest', 'name', 'duration'].flatMap((sort) =>
  [97, 98, 99, 100].map((limit) => `/api/transcriptions?sort=${sort}&limit=${limit}`),
);

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
function memory(label: string): void {
  const { rss, heapUsed } = process.memoryUsage();
  console.log(
    `${label.padEnd(34)} RSS ${megabytes(rss).padStart(8)}   heap ${megabytes(heapUsed)}`,
  );
}
const collectGarbage = (globalThis as { gc?: () => void }).gc ?? (() => undefined);

const dataDir = mkdtempSync(path.join(tmpdir(), 'sonoscript-bench-list-'));
const config = loadConfig({
  DATA_DIR: dataDir,
  BASE_URL: ORIGIN,
  LOG_LEVEL: 'silent',
  RUN_WORKERS: 'false',
  WHISPER_MODEL: 'none',
});
const database = await openDatabase({ kind: 'pglite', directory: path.join(dataDir, 'db') });
await database.migrate();
const app = await buildApp({ config, database, logger: false, signInAttemptsPerMinute: 10_000 });
await app.server.ready();

try {
  const words = Array.from({ length: TEXT_CHARACTERS / 8 }, (_, index) => `w${index % 9973}`);
  const text = words.join(' ').slice(0, TEXT_CHARACTERS);
  const cookies: string[] = [];
  for (let user = 0; user < USERS; user += 1) {
    const email = `bench-${user}@example.com`;
    const password = 'correct horse battery';
    const headers = { origin: ORIGIN };
    await app.server.inject({
      method: 'POST',
      url: '/api/identity/sign-up/email',
      headers,
      payload: { email, password, name: 'Bench' },
    });
    const signedIn = await app.server.inject({
      method: 'POST',
      url: '/api/identity/sign-in/email',
      headers,
      payload: { email, password },
    });
    const userId = signedIn.json<{ user: { id: string } }>().user.id;
    const setCookie = signedIn.headers['set-cookie'];
    cookies.push(
      (Array.isArray(setCookie) ? setCookie : [String(setCookie)])
        .map((cookie) => cookie.split(';')[0])
        .join('; '),
    );
    for (let index = 0; index < TRANSCRIPTS; index += 1) {
      const id = randomUUID();
      await database.db.insert(transcriptions).values({
        id,
        userId,
        filename: `Meeting ${index}.wav`,
        text,
        segments: [{ start: 0, end: 60, text, speaker: FIRST_SPEAKER }],
        durationInSeconds: 60 + index,
        fileSize: 1000,
        status: 'completed',
        progress: 100,
        audioFormat: 'wav',
        audioKey: `${id}.wav`,
        completedAt: new Date(),
      });
    }
  }
  console.log(
    `${USERS} users × ${TRANSCRIPTS} transcripts of ${values['text-kb']} KB of text, ${VARIANTS.length} list variants each`,
  );
  collectGarbage();
  memory('before the reads');
  let answered = 0;
  for (const cookie of cookies) {
    for (const url of VARIANTS) {
      const response = await app.server.inject({ url, headers: { cookie, origin: ORIGIN } });
      if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode}`);
      answered += response.body.length;
    }
  }
  memory('after the reads');
  collectGarbage();
  memory('after a garbage collection');
  console.log(`answers: ${megabytes(answered)} of JSON in all`);
} finally {
  await app.server.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
