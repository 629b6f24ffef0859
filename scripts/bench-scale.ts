// Throughput of the scaled-out shape: one API process (RUN_WORKERS=false) and 1, 2 and 4 separate
// worker processes (WORKER_CONCURRENCY=1 each) on PostgreSQL, working off a backlog of 20 Pro
// uploads of about 30 s of speech. Prints audio seconds transcribed per wall second for each.
// Uses TEST_POSTGRES_URL, or starts a private PostgreSQL server as `npm test` does.
// BENCH_SCALE_WORKERS=1,2 runs fewer levels; BENCH_SCALE_FILES changes the backlog.
import { availableParallelism, loadavg } from 'node:os';
import { startPrivatePostgres, type PrivatePostgres } from './private-postgres.mjs';
import { makeSpeechClip, makeTempDirectory } from '../tests/fixtures/speech/speech-fixtures.js';

const levels = (process.env.BENCH_SCALE_WORKERS ?? '1,2,4').split(',').map(Number);
const files = Number(process.env.BENCH_SCALE_FILES ?? 20);

let postgres: PrivatePostgres | undefined;
if (!process.env.TEST_POSTGRES_URL) {
  postgres = await startPrivatePostgres();
  process.env.TEST_POSTGRES_URL = postgres.url;
}
// Imported after TEST_POSTGRES_URL is set: the deployment helper reads it when loaded.
const { startScaledDeployment } = await import('../tests/integration/support/scaled-deployment.js');
const { uploadFile } = await import('../tests/integration/support/http.js');

const fixtures = await makeTempDirectory('sonoscript-bench-scale-');
const counting = 'one two three four five six seven eight nine ten';
const sentence = 'the weather today is sunny and warm with a light wind from the west';
const clip = await makeSpeechClip(
  fixtures.path,
  'thirty-seconds',
  Array.from({ length: 4 }, () => [
    { say: counting },
    { silence: 0.7 },
    { say: sentence },
    { silence: 1 },
  ]).flat(),
);

interface Row {
  workers: number;
  startSeconds: number;
  wallSeconds: number;
  audioPerSecond: number;
}

async function measure(workerCount: number): Promise<Row> {
  const deployment = await startScaledDeployment();
  try {
    const { cookie } = await deployment.signUpPro();
    // The backlog first, with no worker running: every job is waiting when the workers start.
    for (let index = 0; index < files; index++) {
      const response = await uploadFile(deployment.api.baseUrl, cookie, clip.path, {
        origin: deployment.api.baseUrl,
        filename: `file-${index + 1}.wav`,
      });
      if (response.status !== 201)
        throw new Error(`upload refused: ${response.status} ${await response.text()}`);
    }
    const started = performance.now();
    const workers = Array.from({ length: workerCount }, () => deployment.startWorker());
    let startSeconds = 0;
    for (;;) {
      const { rows } = await deployment.db.query<{ finished: number; failed: number }>(
        `SELECT count(*) FILTER (WHERE status IN ('completed', 'failed'))::int AS finished,
                count(*) FILTER (WHERE status = 'failed')::int AS failed
           FROM transcriptions`,
      );
      const { finished = 0, failed = 0 } = rows[0] ?? {};
      if (failed > 0) throw new Error(`${failed} transcriptions failed`);
      if (
        startSeconds === 0 &&
        workers.every((worker) => worker.output().includes('transcription workers started'))
      )
        startSeconds = (performance.now() - started) / 1000;
      if (finished === files) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const wallSeconds = (performance.now() - started) / 1000;
    return {
      workers: workerCount,
      startSeconds,
      wallSeconds,
      audioPerSecond: (files * clip.duration) / wallSeconds,
    };
  } finally {
    await deployment.stop();
  }
}

console.log(
  `bench:scale — ${files} files of ${clip.duration.toFixed(1)} s (${((files * clip.duration) / 60).toFixed(1)} min of audio), ${availableParallelism()} cores, load average before ${loadavg()[0]?.toFixed(1)}`,
);
console.log(
  '| worker processes | workers ready (s) | backlog done (s) | audio s per wall s | per worker |',
);
console.log('|---|---|---|---|---|');
try {
  for (const workers of levels) {
    const row = await measure(workers);
    console.log(
      `| ${row.workers} | ${row.startSeconds.toFixed(1)} | ${row.wallSeconds.toFixed(1)} | ${row.audioPerSecond.toFixed(2)} | ${(row.audioPerSecond / row.workers).toFixed(2)} |`,
    );
  }
  console.log(`load average after ${loadavg()[0]?.toFixed(1)}`);
} finally {
  await fixtures.remove();
  postgres?.remove();
}
