import { stat } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMetricsListener } from '../../src/server/http/metrics-listener.js';
import { makeSpeechClip, makeTempDirectory } from '../fixtures/speech/speech-fixtures.js';
import { signUp } from './support/accounts.js';
import { databaseKinds } from './support/databases.js';
import { listen, uploadFile, waitForTranscription } from './support/http.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const kinds = await databaseKinds();
const METRICS_TOKEN = 'metrics-token-for-prometheus-tests';
const SCRAPER = { authorization: `Bearer ${METRICS_TOKEN}` };

/** The value of one series (`name{labels}`), or undefined when the text has no such line. */
function seriesValue(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

let fixtures: { path: string; remove: () => Promise<void> };
let clip: { path: string; bytes: number };

beforeAll(async () => {
  fixtures = await makeTempDirectory('sonoscript-metrics-');
  const made = await makeSpeechClip(fixtures.path, 'short', [
    { silence: 0.3 },
    { say: 'one two three' },
    { silence: 0.3 },
  ]);
  clip = { path: made.path, bytes: (await stat(made.path)).size };
});
afterAll(async () => {
  await fixtures.remove();
});

describe.each(kinds)('GET /metrics on %s', (kind) => {
  let app: TestApp;
  let baseUrl: string;
  const scrape = async () => {
    const response = await app.server.inject({ url: '/metrics', headers: SCRAPER });
    expect(response.statusCode).toBe(200);
    return response.body;
  };

  beforeAll(async () => {
    app = await createTestApp(kind, {
      env: { METRICS_TOKEN, RUN_WORKERS: 'true', WORKER_CONCURRENCY: '1' },
    });
    baseUrl = await listen(app);
  });
  afterAll(async () => {
    await app.close();
  });

  it('needs the token', async () => {
    expect((await app.server.inject({ url: '/metrics' })).statusCode).toBe(401);
    const wrong = await app.server.inject({
      url: '/metrics',
      headers: { authorization: 'Bearer not-the-metrics-token-at-all' },
    });
    expect(wrong.statusCode).toBe(401);
    // The health token is another operator's: it opens nothing here.
    const other = await app.server.inject({
      url: '/metrics',
      headers: { authorization: 'Bearer test-health-token-for-operators' },
    });
    expect(other.statusCode).toBe(401);
  });

  it('counts requests by route pattern and status, with latency histograms', async () => {
    const health =
      'sonoscript_http_requests_total{method="GET",route="/api/health",status_code="200"}';
    const detail =
      'sonoscript_http_requests_total{method="GET",route="/api/transcriptions/:id",status_code="401"}';
    const unmatched =
      'sonoscript_http_requests_total{method="GET",route="unmatched",status_code="404"}';
    const before = await scrape();
    for (let request = 0; request < 3; request++) {
      expect((await app.server.inject({ url: '/api/health' })).statusCode).toBe(200);
    }
    const secretId = 'raw-id-never-a-label';
    const signedOut = await app.server.inject({ url: `/api/transcriptions/${secretId}` });
    expect(signedOut.statusCode).toBe(401);
    expect((await app.server.inject({ url: '/api/no-such-route-xyz' })).statusCode).toBe(404);

    const after = await scrape();
    expect(after).toContain('# TYPE sonoscript_http_requests_total counter');
    expect((seriesValue(after, health) ?? 0) - (seriesValue(before, health) ?? 0)).toBe(3);
    expect((seriesValue(after, detail) ?? 0) - (seriesValue(before, detail) ?? 0)).toBe(1);
    expect((seriesValue(after, unmatched) ?? 0) - (seriesValue(before, unmatched) ?? 0)).toBe(1);
    expect(
      seriesValue(
        after,
        'sonoscript_http_request_duration_seconds_count{method="GET",route="/api/health",status_code="200"}',
      ),
    ).toBeGreaterThanOrEqual(3);
    expect(after).toContain(
      'sonoscript_http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/health",status_code="200"}',
    );
    // Raw URLs never become labels.
    expect(after).not.toContain(secretId);
    expect(after).not.toContain('no-such-route-xyz');
  });

  it('reports uploads, job durations, the speech real-time factor, the queue, the pool and the process', async () => {
    // One registry per process, as Prometheus scrapes processes: earlier apps' counts stay.
    const before = await scrape();
    const grew = (text: string, series: string) =>
      (seriesValue(text, series) ?? 0) - (seriesValue(before, series) ?? 0);
    const user = await signUp(app);
    const uploaded = await uploadFile(baseUrl, user.cookie, clip.path);
    expect(uploaded.status).toBe(201);
    const { id } = (await uploaded.json()) as { id: string };
    const done = await waitForTranscription<{ status: string }>(baseUrl, user.cookie, id);
    expect(done.status).toBe('completed');

    // The job's handler returns just after it stores the transcript: its duration follows.
    const completedJobs =
      'sonoscript_job_duration_seconds_count{queue="transcription",outcome="completed"}';
    const deadline = Date.now() + 10_000;
    let text = await scrape();
    while (grew(text, completedJobs) < 1 && Date.now() < deadline) {
      await new Promise((wake) => setTimeout(wake, 100));
      text = await scrape();
    }
    expect(grew(text, 'sonoscript_uploads_total{outcome="received"}')).toBe(1);
    expect(grew(text, 'sonoscript_upload_bytes_total')).toBeGreaterThanOrEqual(clip.bytes);
    expect(grew(text, completedJobs)).toBe(1);
    expect(grew(text, 'sonoscript_speech_real_time_factor_count{engine="pocketsphinx"}')).toBe(1);
    expect(
      grew(text, 'sonoscript_speech_real_time_factor_sum{engine="pocketsphinx"}'),
    ).toBeGreaterThan(0);
    expect(
      grew(text, 'sonoscript_speech_audio_seconds_total{engine="pocketsphinx"}'),
    ).toBeGreaterThan(1);
    expect(text).toContain('# TYPE sonoscript_queue_jobs gauge');
    expect(
      seriesValue(text, 'sonoscript_database_pool_connections{state="total"}'),
    ).toBeGreaterThanOrEqual(1);
    expect(seriesValue(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect(text).toContain('nodejs_heap_size_used_bytes');
  });
});

describe("a worker process's metrics listener", () => {
  it('answers /metrics with the token, and nothing else', async () => {
    const listener = await startMetricsListener({
      port: 0,
      host: '127.0.0.1',
      token: METRICS_TOKEN,
    });
    try {
      const scraped = await fetch(`${listener.address}/metrics`, { headers: SCRAPER });
      expect(scraped.status).toBe(200);
      expect(scraped.headers.get('content-type')).toContain('text/plain');
      expect(await scraped.text()).toContain('process_resident_memory_bytes');
      expect((await fetch(`${listener.address}/metrics`)).status).toBe(401);
      expect((await fetch(`${listener.address}/api/health`)).status).toBe(404);
    } finally {
      await listener.close();
    }
  });
});

describe('without METRICS_TOKEN', () => {
  it('/metrics does not exist', async () => {
    const app = await createTestApp('pglite');
    try {
      const response = await app.server.inject({
        url: '/metrics',
        headers: { authorization: 'Bearer anything-at-all-here' },
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});
