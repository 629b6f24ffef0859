import { statfs } from 'node:fs/promises';
import { desc, gt, sql } from 'drizzle-orm';
import type { AdminSystem } from '../../core/api/admin.js';
import type { Config } from '../config.js';
import type { DatabaseHandle } from '../db/database.js';
import { speechEngineReports, transcriptions } from '../db/schema.js';
import { REPORT_FRESH_MS } from '../speech/engine-reports.js';
import type { SpeechEngineStatus } from '../speech/speech-engine-supervisor.js';
import { whisperState } from './whisper-state.js';

export interface SystemOverviewDeps {
  config: Config;
  database: DatabaseHandle;
  /** The engine that serves new work: this process's, or the one the worker processes report. */
  engineStatus: () => Promise<SpeechEngineStatus>;
  /** This process's own engine when it runs workers; null when workers are other processes. */
  ownEngine: () => SpeechEngineStatus | null;
}

/**
 * Worker processes report their engine every few seconds (speech/engine-reports.ts) on
 * PostgreSQL; on PGlite the only worker is this process.
 */
async function listWorkers(deps: SystemOverviewDeps, now: Date): Promise<AdminSystem['workers']> {
  if (deps.database.kind === 'postgres') {
    const rows = await deps.database.db
      .select()
      .from(speechEngineReports)
      .where(gt(speechEngineReports.reportedAt, new Date(now.getTime() - REPORT_FRESH_MS)))
      .orderBy(desc(speechEngineReports.reportedAt))
      .limit(200);
    return rows.map((row) => ({
      id: row.processId,
      engine: row.engine,
      model: row.model,
      reason: row.reason,
      reportedAt: row.reportedAt.toISOString(),
    }));
  }
  const own = deps.ownEngine();
  if (!own) return [];
  return [
    {
      id: 'this process',
      engine: own.engine,
      model: own.model,
      reason: own.reason,
      reportedAt: now.toISOString(),
    },
  ];
}

async function freeBytes(directory: string): Promise<number | null> {
  try {
    const stats = await statfs(directory);
    return stats.bavail * stats.bsize;
  } catch {
    return null;
  }
}

export async function systemOverview(
  deps: SystemOverviewDeps,
  now: Date = new Date(),
): Promise<AdminSystem> {
  const { config, database } = deps;
  const [stored] = await database.db
    .select({
      bytes: sql<string>`coalesce(sum(${transcriptions.fileSize}), 0)`,
      count: sql<string>`count(*)`,
    })
    .from(transcriptions);
  const storage = config.storage;
  return {
    workers: await listWorkers(deps, now),
    storage: {
      kind: storage.kind,
      audioBytes: Number(stored?.bytes ?? 0),
      transcriptions: Number(stored?.count ?? 0),
      freeBytes: storage.kind === 'local' ? await freeBytes(storage.directory) : null,
    },
    whisper: whisperState(await deps.engineStatus(), {
      engine: config.transcription.engine,
      whisperModel: config.transcription.whisper.model,
      modelsDir: config.transcription.whisper.modelsDir,
    }),
  };
}
