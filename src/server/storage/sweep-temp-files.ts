import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { ALIVE_FILE, PROCESS_AREA_PREFIX, STALE_AFTER_MS } from './process-temp-area.js';

export interface SweepOptions {
  incomingDir: string;
  /** This process's own area: never swept. */
  ownArea: string;
  /**
   * True when no other process can be using this folder (the embedded database allows one
   * process per data folder): at start-up every other area is a leftover, however recent.
   */
  noOtherProcesses: boolean;
  now?: number;
}

export interface SweepResult {
  removed: number;
  bytes: number;
}

async function lastSignOfLife(entry: string, isProcessArea: boolean): Promise<number | null> {
  const probe = isProcessArea ? path.join(entry, ALIVE_FILE) : entry;
  const stats = await stat(probe).catch(() => stat(entry).catch(() => null));
  return stats ? stats.mtimeMs : null;
}

async function sizeOf(entry: string): Promise<number> {
  const stats = await stat(entry).catch(() => null);
  if (!stats) return 0;
  if (!stats.isDirectory()) return stats.size;
  const children = await readdir(entry).catch(() => []);
  let total = 0;
  for (const child of children) total += await sizeOf(path.join(entry, child));
  return total;
}

/**
 * Removes what crashed or killed processes left in the temporary folder: their areas (uploads
 * half received, a job's decoded PCM and work folders) once no heartbeat has touched them for
 * STALE_AFTER_MS, and loose files from before areas existed. A live process's area is never
 * touched, so no file in use is removed.
 */
export async function sweepTempFiles(options: SweepOptions): Promise<SweepResult> {
  const now = options.now ?? Date.now();
  const entries = await readdir(options.incomingDir).catch(() => []);
  const result: SweepResult = { removed: 0, bytes: 0 };
  for (const name of entries) {
    const entry = path.join(options.incomingDir, name);
    if (path.resolve(entry) === path.resolve(options.ownArea)) continue;
    const lastSeen = await lastSignOfLife(entry, name.startsWith(PROCESS_AREA_PREFIX));
    if (lastSeen === null) continue; // already gone
    if (!options.noOtherProcesses && now - lastSeen < STALE_AFTER_MS) continue;
    const bytes = await sizeOf(entry);
    await rm(entry, { recursive: true, force: true });
    result.removed += 1;
    result.bytes += bytes;
  }
  return result;
}
