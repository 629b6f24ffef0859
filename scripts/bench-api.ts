// Throughput of POST /v1/audio/transcriptions (OpenAI SDK, answers when done) against the web
// upload path (POST /api/transcriptions, then polling), for 10 s clips and 1–8 concurrent clients.
// PGlite, in-process workers (WORKER_CONCURRENCY = cores), the default engine.
// BENCH_API_LEVELS=1,2 runs fewer levels on a busy machine.
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import OpenAI, { toFile } from 'openai';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/database.js';
import { subscriptions } from '../src/server/db/schema.js';
import { makeSpeechClip } from '../tests/fixtures/speech/speech-fixtures.js';
import { signUpOverHttp } from '../tests/fixtures/accounts/sign-up-over-http.js';

const ORIGIN = 'http://localhost:3000';
const levels = (process.env.BENCH_API_LEVELS ?? '1,2,4,8').split(',').map(Number);
const dataDir = mkdtempSync(path.join(tmpdir(), 'sonoscript-bench-api-'));
const config = loadConfig({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  BASE_URL: ORIGIN,
  API_RATE_LIMIT_PER_MINUTE: '10000',
});
const database = await openDatabase(config.database);
await database.migrate();
const { server } = await buildApp({ config, database, logger: false });
await server.listen({ port: 0, host: '127.0.0.1' });
const address = server.server.address();
if (!address || typeof address === 'string') throw new Error('no address');
const base = `http://127.0.0.1:${address.port}`;

const { cookie, userId } = await signUpOverHttp(base, { origin: ORIGIN, name: 'Bench' });
const user = { id: userId };
// Pro: whole files, no monthly limit, as a heavy API user would be.
await database.db.insert(subscriptions).values({
  id: 'bench',
  userId: user.id,
  provider: 'test',
  providerSubscriptionId: 'sub_bench',
  status: 'active',
  currentPeriodEnd: new Date(Date.now() + 86_400_000),
});
const keyResponse = await fetch(`${base}/api/keys`, {
  method: 'POST',
  headers: { cookie, origin: ORIGIN, 'content-type': 'application/json' },
  body: JSON.stringify({ name: 'bench' }),
});
const { key } = (await keyResponse.json()) as { key: string };
// Beyond three uploads of one user at once the server answers 429 with Retry-After: the SDK
// waits and sends again (a few more tries than its default 2 for 8 clients). It retries only a
// body it can send twice: a file in memory (toFile), not a stream, which it reports at once.
const openai = new OpenAI({ apiKey: key, baseURL: `${base}/v1`, maxRetries: 6 });

const clip = await makeSpeechClip(dataDir, 'ten-seconds', [
  { say: 'one two three four five six seven eight nine ten' },
  { silence: 1 },
  { say: 'the weather today is sunny and warm' },
  { silence: 3 },
]);
const clipBytes = await readFile(clip.path);

async function viaApi(): Promise<void> {
  const answer = await openai.audio.transcriptions.create({
    file: await toFile(clipBytes, 'clip.wav'),
    model: 'default',
  });
  if (!answer.text) throw new Error('empty transcript');
}

async function viaWebUpload(): Promise<void> {
  const form = new FormData();
  form.append('audio', new Blob([clipBytes]), 'clip.wav');
  let created = await fetch(`${base}/api/transcriptions`, {
    method: 'POST',
    headers: { cookie, origin: ORIGIN },
    body: form,
  });
  // More than three uploads of one user at once wait, as the dashboard and the OpenAI SDK do.
  while (created.status === 429) {
    const wait = Number(created.headers.get('retry-after') ?? 1) * 1000;
    await new Promise((resolve) => setTimeout(resolve, wait));
    created = await fetch(`${base}/api/transcriptions`, {
      method: 'POST',
      headers: { cookie, origin: ORIGIN },
      body: form,
    });
  }
  if (created.status !== 201) throw new Error(`upload refused: ${created.status}`);
  const { id } = (await created.json()) as { id: string };
  for (;;) {
    const row = (await (
      await fetch(`${base}/api/transcriptions/${id}`, { headers: { cookie } })
    ).json()) as { status: string };
    if (row.status === 'completed') return;
    if (row.status === 'failed') throw new Error('transcription failed');
    await new Promise((resolve) => setTimeout(resolve, 1500)); // the dashboard's poll interval
  }
}

async function measure(clients: number, transcribe: () => Promise<void>) {
  const perClient = Math.max(1, Math.ceil(4 / clients));
  const latencies: number[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      for (let index = 0; index < perClient; index++) {
        const begin = performance.now();
        await transcribe();
        latencies.push(performance.now() - begin);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    files: latencies.length,
    filesPerMinute: (latencies.length / seconds) * 60,
    audioSecondsPerSecond: (latencies.length * clip.duration) / seconds,
    medianSeconds: (latencies[Math.floor(latencies.length / 2)] ?? 0) / 1000,
  };
}

console.log(
  `bench:api — ${clip.duration.toFixed(1)} s clip, ${availableParallelism()} cores, load average before ${loadavg()[0]?.toFixed(1)}`,
);
console.log('| clients | path | files | files/min | audio s per s | median answer (s) |');
console.log('|---|---|---|---|---|---|');
await viaApi(); // warm the engine
for (const clients of levels) {
  for (const [name, run] of [
    ['/v1/audio/transcriptions', viaApi],
    ['web upload + poll', viaWebUpload],
  ] as const) {
    const result = await measure(clients, run);
    console.log(
      `| ${clients} | ${name} | ${result.files} | ${result.filesPerMinute.toFixed(1)} | ${result.audioSecondsPerSecond.toFixed(2)} | ${result.medianSeconds.toFixed(1)} |`,
    );
  }
}
console.log(`load average after ${loadavg()[0]?.toFixed(1)}`);
await server.close();
await database.close();
rmSync(dataDir, { recursive: true, force: true });
