import { randomUUID } from 'node:crypto';
import { desc, eq, gt } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { speechEngineReports } from '../db/schema.js';
import type { SpeechEngineStatus } from './speech-engine-supervisor.js';
import { workersEngine } from './workers-engine.js';

/** How often a worker process says which engine it runs. */
export const REPORT_EVERY_MS = 5_000;
/** A report older than this is from a worker that has stopped or lost the database. */
export const REPORT_FRESH_MS = 20_000;
/** How long an API process reuses what it read: health and the models list ask often. */
const READ_REUSE_MS = 1_000;
/** More workers than any deployment runs: the choice needs their engines, not every row. */
const MAX_REPORTS_READ = 1_000;

export const NO_WORKER_ENGINE: SpeechEngineStatus = {
  engine: 'none',
  model: 'none',
  multilingual: false,
  reason: `No worker process has reported in the last ${REPORT_FRESH_MS / 1000} s: start one with npm run worker (or RUN_WORKERS=true).`,
};

/**
 * Reports this worker process's engine at once and every 5 s; its row goes when it stops. A
 * database outage skips reports until it is back.
 */
export function startEngineReports(
  db: Database,
  status: () => SpeechEngineStatus,
): { stop(): Promise<void> } {
  const processId = randomUUID();
  let writing: Promise<void> = Promise.resolve();
  const report = () => {
    const { engine, model, reason, pending, multilingual } = status();
    const row = {
      engine,
      model,
      reason,
      pending: pending ?? null,
      multilingual,
      reportedAt: new Date(),
    };
    writing = db
      .insert(speechEngineReports)
      .values({ processId, ...row })
      .onConflictDoUpdate({ target: speechEngineReports.processId, set: row })
      .then(
        () => undefined,
        () => undefined,
      );
  };
  report();
  const timer = setInterval(report, REPORT_EVERY_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await writing;
      await db
        .delete(speechEngineReports)
        .where(eq(speechEngineReports.processId, processId))
        .catch(() => undefined);
    },
  };
}

/**
 * For a process that runs no speech: the engine most workers run (see workers-engine.ts), or
 * "none" when no worker has reported lately.
 */
export function workersEngineStatus(db: Database): () => Promise<SpeechEngineStatus> {
  let reused: { status: SpeechEngineStatus; until: number } | undefined;
  return async () => {
    const now = Date.now();
    if (reused && reused.until > now) return reused.status;
    const rows = await db
      .select()
      .from(speechEngineReports)
      .where(gt(speechEngineReports.reportedAt, new Date(now - REPORT_FRESH_MS)))
      .orderBy(desc(speechEngineReports.reportedAt))
      .limit(MAX_REPORTS_READ)
      .catch(() => undefined);
    // The database is away: say what was known (health reports the outage itself).
    if (!rows) return reused?.status ?? NO_WORKER_ENGINE;
    const status = workersEngine(rows) ?? NO_WORKER_ENGINE;
    reused = { status, until: now + READ_REUSE_MS };
    return status;
  };
}
