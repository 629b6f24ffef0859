import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's metrics, one registry for the whole process as Prometheus scrapes processes: every
 * part records into these, and `GET /metrics` writes them out. Process memory, CPU and event-loop
 * lag come from prom-client's default collectors.
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

export const httpRequests = new Counter({
  name: 'sonoscript_http_requests_total',
  help: 'HTTP requests answered, by method, route pattern and status code.',
  labelNames: ['method', 'route', 'status_code'] as const,
  registers: [metricsRegistry],
});

export const httpRequestDuration = new Histogram({
  name: 'sonoscript_http_request_duration_seconds',
  help: 'Time to answer HTTP requests, by method, route pattern and status code.',
  labelNames: ['method', 'route', 'status_code'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [metricsRegistry],
});

export const jobDuration = new Histogram({
  name: 'sonoscript_job_duration_seconds',
  help: 'Time jobs ran in this process, by queue and outcome (completed, failed, cancelled).',
  labelNames: ['queue', 'outcome'] as const,
  buckets: [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800],
  registers: [metricsRegistry],
});

export const speechRealTimeFactor = new Histogram({
  name: 'sonoscript_speech_real_time_factor',
  help: 'Seconds spent per second of audio transcribed (below 1: faster than real time), by engine.',
  labelNames: ['engine'] as const,
  buckets: [0.02, 0.05, 0.1, 0.2, 0.3, 0.5, 0.75, 1, 1.5, 2, 4],
  registers: [metricsRegistry],
});

export const speechAudioSeconds = new Counter({
  name: 'sonoscript_speech_audio_seconds_total',
  help: 'Seconds of audio transcribed, by engine.',
  labelNames: ['engine'] as const,
  registers: [metricsRegistry],
});

export const uploads = new Counter({
  name: 'sonoscript_uploads_total',
  help: 'Audio uploads received in full (received) or refused while they arrived (refused).',
  labelNames: ['outcome'] as const,
  registers: [metricsRegistry],
});

export const uploadBytes = new Counter({
  name: 'sonoscript_upload_bytes_total',
  help: 'Bytes of audio uploads received in full.',
  registers: [metricsRegistry],
});

/** What the gauges read when scraped; the app that is running sets them (see `watchGauges`). */
export interface GaugeSources {
  /** Jobs per queue and state (waiting, active, failed), as the queue's tables hold them now. */
  queueJobs(): Promise<Array<{ queue: string; state: string; count: number }>>;
  /** The database connections of this process: in use, idle, and requests waiting for one. */
  databasePool(): { total: number; idle: number; waiting: number };
}

let sources: GaugeSources | undefined;

/** The running app's sources; the returned function stops reading them (at close). */
export function watchGauges(next: GaugeSources): () => void {
  sources = next;
  return () => {
    if (sources === next) sources = undefined;
  };
}

new Gauge({
  name: 'sonoscript_queue_jobs',
  help: 'Jobs in the queue now, by queue and state (waiting, active, failed).',
  labelNames: ['queue', 'state'] as const,
  registers: [metricsRegistry],
  async collect() {
    this.reset();
    const rows = (await sources?.queueJobs().catch(() => [])) ?? [];
    for (const row of rows) this.set({ queue: row.queue, state: row.state }, row.count);
  },
});

new Gauge({
  name: 'sonoscript_database_pool_connections',
  help: 'Database connections of this process: total, idle, and requests waiting for one.',
  labelNames: ['state'] as const,
  registers: [metricsRegistry],
  collect() {
    this.reset();
    const pool = sources?.databasePool();
    if (!pool) return;
    this.set({ state: 'total' }, pool.total);
    this.set({ state: 'idle' }, pool.idle);
    this.set({ state: 'waiting' }, pool.waiting);
  },
});
