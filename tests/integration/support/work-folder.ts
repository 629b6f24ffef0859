import { readdir } from 'node:fs/promises';
import { ALIVE_FILE } from '../../../src/server/storage/process-temp-area.js';
import type { TestApp } from './test-app.js';

/** What the app has in its area of the work folder (uploads, jobs' files), its heartbeat aside. */
export async function leftInWorkFolder(app: TestApp): Promise<string[]> {
  const names = await readdir(app.workDir, { recursive: true });
  return names.filter((name) => name !== ALIVE_FILE);
}
