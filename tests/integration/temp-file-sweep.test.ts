import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ALIVE_FILE, STALE_AFTER_MS } from '../../src/server/storage/process-temp-area.js';
import { sweepTempFiles } from '../../src/server/storage/sweep-temp-files.js';
import { databaseKinds } from './support/databases.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const kinds = await databaseKinds();
const MINUTE = 60_000;

/** What a killed process leaves: its area with a job's decoded PCM, last alive `agoMs` ago. */
function leaveProcessArea(incoming: string, name: string, agoMs: number): string {
  const area = path.join(incoming, name);
  const work = path.join(area, 'job-0b1c-x1', 'transcribe-y2');
  mkdirSync(work, { recursive: true });
  writeFileSync(path.join(work, 'audio.pcm'), Buffer.alloc(64 * 1024));
  writeFileSync(path.join(area, 'abc.upload'), Buffer.alloc(1024));
  const alive = path.join(area, ALIVE_FILE);
  writeFileSync(alive, '');
  const when = new Date(Date.now() - agoMs);
  utimesSync(alive, when, when);
  return area;
}

/** Loose files straight in the work folder, outside any process area. */
function leaveLooseFiles(incoming: string, agoMs: number): string[] {
  const upload = path.join(incoming, '5f0e.upload');
  const job = path.join(incoming, 'job-77aa-q9');
  mkdirSync(job, { recursive: true });
  writeFileSync(upload, Buffer.alloc(2048));
  writeFileSync(path.join(job, 'audio.pcm'), Buffer.alloc(2048));
  const when = new Date(Date.now() - agoMs);
  utimesSync(upload, when, when);
  utimesSync(job, when, when);
  return [upload, job];
}

describe('orphaned temporary files', () => {
  let app: TestApp | undefined;
  let dataDir: string;
  afterEach(async () => {
    await app?.close();
    app = undefined;
    rmSync(dataDir, { recursive: true, force: true });
  });

  function prepare(): string {
    dataDir = mkdtempSync(path.join(tmpdir(), 'sonoscript-sweep-'));
    const incoming = path.join(dataDir, 'work');
    mkdirSync(incoming, { recursive: true });
    return incoming;
  }

  it('are removed at start-up when the embedded database makes this the only process', async () => {
    const incoming = prepare();
    // Killed a moment ago: still "fresh", but no other process can share this data folder.
    const killed = leaveProcessArea(incoming, 'p-host-4242-deadbeef', 10_000);
    const loose = leaveLooseFiles(incoming, 10_000);
    app = await createTestApp('pglite', {
      logger: true,
      env: { DATA_DIR: dataDir, LOG_LEVEL: 'info' },
    });
    expect(existsSync(killed)).toBe(false);
    for (const leftover of loose) expect(existsSync(leftover)).toBe(false);
    expect(readdirSync(incoming)).toEqual([path.basename(app.workDir)]);
    expect(app.logLines()).toContainEqual(
      expect.objectContaining({
        msg: 'removed temporary files left by a stopped process',
        removed: 3,
        bytes: 64 * 1024 + 1024 + 2048 + 2048,
      }),
    );
  });

  it.runIf(kinds.includes('postgres'))(
    'are removed at start-up beside PostgreSQL only once their process has stopped beating',
    async () => {
      const incoming = prepare();
      const stale = leaveProcessArea(incoming, 'p-host-1-dead', STALE_AFTER_MS + MINUTE);
      const live = leaveProcessArea(incoming, 'p-other-host-2-alive', 30_000);
      app = await createTestApp('postgres', { env: { DATA_DIR: dataDir } });
      expect(existsSync(stale)).toBe(false);
      expect(existsSync(path.join(live, 'job-0b1c-x1', 'transcribe-y2', 'audio.pcm'))).toBe(true);
    },
  );

  it('never touch a running process area, which a clean shutdown removes', async () => {
    prepare();
    const running = await createTestApp('pglite', { env: { DATA_DIR: dataDir } });
    const area = running.workDir;
    const inUse = path.join(area, 'job-1234-ab', 'transcribe-cd');
    mkdirSync(inUse, { recursive: true });
    writeFileSync(path.join(inUse, 'audio.pcm'), Buffer.alloc(4096));
    // Another process's scheduled sweep, an hour into a long job: this area is alive.
    const result = await sweepTempFiles({
      incomingDir: path.dirname(area),
      ownArea: '/elsewhere',
      noOtherProcesses: false,
    });
    expect(result).toEqual({ removed: 0, bytes: 0 });
    expect(existsSync(path.join(inUse, 'audio.pcm'))).toBe(true);
    await running.close();
    expect(existsSync(area)).toBe(false);
  });
});
