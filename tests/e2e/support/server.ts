import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  copyTemplate,
  pgliteTemplateDirectory,
} from '../../integration/support/pglite-template.js';
import { freePort } from '../../../scripts/free-port.mjs';

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  process: ChildProcess;
  output: () => string;
  stop(options?: { keepData?: boolean }): Promise<void>;
}

async function waitForHealth(
  baseUrl: string,
  child: ChildProcess,
  output: () => string,
): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output()}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not become healthy:\n${output()}`);
}

export interface WorkerProcess {
  process: ChildProcess;
  output: () => string;
  kill(signal: NodeJS.Signals): Promise<void>;
}

/** Starts `dist/server/worker.js`, as `npm run worker` does. */
export function startWorker(env: Record<string, string>): WorkerProcess {
  let log = '';
  const child = spawn(process.execPath, ['dist/server/worker.js'], {
    // WHISPER_MODEL=none: no background download of the default model from the internet.
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'info', WHISPER_MODEL: 'none', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  return {
    process: child,
    output: () => log,
    async kill(signal) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill(signal);
      await exited;
    },
  };
}

/** Starts the built server (`dist/`), as `npm start` does, on a free port and a fresh data dir. */
export async function startServer(
  env: Record<string, string> = {},
  options: { dataDir?: string; port?: number } = {},
): Promise<RunningServer> {
  if (!existsSync('dist/server/main.js') || !existsSync('dist/web/index.html')) {
    throw new Error('The app is not built: run `npm run build` (npm test does it for you).');
  }
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'sonoscript-e2e-'));
  // A fresh embedded database starts as a copy of the suite's migrated template: creating one
  // takes seconds and ~1 GB. A test that brings its own data dir gets exactly what it brought.
  if (!options.dataDir && !env.DATABASE_URL)
    copyTemplate(await pgliteTemplateDirectory(), path.join(dataDir, 'db'));
  const baseUrl = `http://localhost:${port}`;
  let log = '';
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: baseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // No background download of the default whisper model from the internet.
      WHISPER_MODEL: 'none',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const output = () => log;
  await waitForHealth(baseUrl, child, output);
  return {
    baseUrl,
    dataDir,
    process: child,
    output,
    async stop({ keepData = false }: { keepData?: boolean } = {}) {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
