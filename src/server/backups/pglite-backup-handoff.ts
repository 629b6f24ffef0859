import { randomUUID } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { BackupError, type BackupManifest } from './backup-manifest.js';
import { writeBackup, type BackupSource } from './write-backup.js';

/**
 * The embedded database serves one process, so a backup of a running server is made by that
 * server: `npm run backup` leaves a request beside the database (only the server's own user can
 * write there), sends SIGUSR2, and waits for the answer file. See docs/decisions/0077.
 */
const SIGNAL = 'SIGUSR2';
const POLL_MS = 200;

const requestSchema = z.object({
  id: z.uuid(),
  requester: z.number().int(),
  directory: z.string().min(1),
  copyObjects: z.boolean(),
});
type BackupRequest = z.infer<typeof requestSchema>;

const answerSchema = z.union([
  z.object({ ok: z.literal(true), manifest: z.unknown() }),
  z.object({ ok: z.literal(false), message: z.string() }),
]);

function handoffPaths(databaseDirectory: string) {
  const base = path.join(path.dirname(databaseDirectory), path.basename(databaseDirectory));
  return {
    /** Names the process that takes requests: only it may be sent the signal. */
    ready: `${base}.backup-ready`,
    request: `${base}.backup-request`,
    answer: (id: string) => `${base}.backup-answer-${id}`,
  };
}

export interface BackupLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** Server side: from now on this process answers backup requests. Returns how to stop. */
export function acceptBackupRequests(
  databaseDirectory: string,
  source: () => BackupSource,
  log: BackupLog,
): () => void {
  const paths = handoffPaths(databaseDirectory);
  let running: Promise<void> | undefined;
  const onSignal = () => {
    running ??= answerRequest(paths, source, log).finally(() => (running = undefined));
  };
  process.on(SIGNAL, onSignal);
  // Written only once the handler is in place: the signal's default action ends a process.
  writeFileSync(paths.ready, String(process.pid));
  return () => {
    process.off(SIGNAL, onSignal);
    rmSync(paths.ready, { force: true });
  };
}

async function answerRequest(
  paths: ReturnType<typeof handoffPaths>,
  source: () => BackupSource,
  log: BackupLog,
): Promise<void> {
  let request: BackupRequest;
  try {
    request = requestSchema.parse(JSON.parse(await readFile(paths.request, 'utf8')));
  } catch (error) {
    log.error({ err: error }, 'a backup was requested, but its request could not be read');
    return;
  }
  log.info({ directory: request.directory }, 'writing a backup');
  let answer: z.infer<typeof answerSchema>;
  try {
    const manifest = await writeBackup(source(), request.directory, {
      copyObjects: request.copyObjects,
    });
    answer = { ok: true, manifest };
    log.info({ directory: request.directory }, 'backup written');
  } catch (error) {
    answer = { ok: false, message: error instanceof Error ? error.message : String(error) };
    log.error({ err: error, directory: request.directory }, 'the backup failed');
  }
  const answerPath = paths.answer(request.id);
  await writeFile(`${answerPath}.partial`, JSON.stringify(answer));
  await rename(`${answerPath}.partial`, answerPath);
}

/** Client side: asks the running server `holder` to write the backup, and waits for its answer. */
export async function requestBackupFromServer(input: {
  databaseDirectory: string;
  holder: number;
  directory: string;
  copyObjects: boolean;
}): Promise<BackupManifest> {
  const paths = handoffPaths(input.databaseDirectory);
  const readyPid = Number.parseInt(readTextOrEmpty(paths.ready), 10);
  if (readyPid !== input.holder) {
    throw new BackupError(
      `The embedded database is in use by process ${input.holder}, which does not take backup requests (another command, or an older version of the server). Let it finish or stop it, then run the backup again.`,
    );
  }
  const request: BackupRequest = {
    id: randomUUID(),
    requester: process.pid,
    directory: path.resolve(input.directory),
    copyObjects: input.copyObjects,
  };
  claimRequest(paths.request, request);
  try {
    process.kill(input.holder, SIGNAL);
    const answerPath = paths.answer(request.id);
    for (;;) {
      const text = readTextOrEmpty(answerPath);
      if (text) {
        await rm(answerPath, { force: true });
        const answer = answerSchema.parse(JSON.parse(text));
        if (!answer.ok)
          throw new BackupError(`The server could not write the backup: ${answer.message}`);
        return answer.manifest as BackupManifest;
      }
      if (!isAlive(input.holder))
        throw new BackupError(
          `The server (process ${input.holder}) stopped before the backup was written.`,
        );
      await sleep(POLL_MS);
    }
  } finally {
    rmSync(paths.request, { force: true });
  }
}

/** One request at a time; a request left by a backup command that died is taken over. */
function claimRequest(file: string, request: BackupRequest): void {
  try {
    writeFileSync(file, JSON.stringify(request), { flag: 'wx' });
    return;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const previous = requestSchema.safeParse(safeJson(readTextOrEmpty(file)));
  if (previous.success && isAlive(previous.data.requester)) {
    throw new BackupError(
      `Another backup is being written (requested by process ${previous.data.requester}). Wait for it to finish.`,
    );
  }
  writeFileSync(file, JSON.stringify(request));
}

function readTextOrEmpty(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return '';
    throw error;
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
