import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { SpeechEngineError } from '../speech-engine-error.js';
import { WhisperModelError } from './whisper-model-error.js';

export interface WhisperServerOptions {
  binaryPath: string;
  modelPath: string;
  threads: number;
  /** `auto` for multilingual models; English-only models always use `en`. */
  language: string;
  /** `--dtw` preset: token times from the model's alignment heads (dtwPresetOf). */
  dtw?: string;
  startTimeoutMs?: number;
}

export interface ProcessExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

const LOOPBACK = '127.0.0.1';
const STDERR_TAIL_BYTES = 8 * 1024;
const HEALTH_POLL_MS = 25;
const BIND_ATTEMPTS = 3;
/** Kills the child if this process dies without closing the engine (SIGKILL included). */
const SETPRIV = '/usr/bin/setpriv';
const running = new Set<ChildProcess>();
let exitHookInstalled = false;

/**
 * One whisper-server child on 127.0.0.1: the model is loaded once when it starts and stays
 * loaded; a native crash ends the child, not the service. Its routes sit under a random path
 * so other local programs cannot use it by accident.
 */
export class WhisperServerProcess {
  private stderrTail = '';
  readonly exited: Promise<ProcessExit>;
  private exit: ProcessExit | undefined;

  private constructor(
    private readonly child: ChildProcess,
    readonly baseUrl: string,
  ) {
    running.add(child);
    this.exited = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        running.delete(child);
        this.exit = { code, signal };
        resolve(this.exit);
      });
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      this.stderrTail = (this.stderrTail + chunk.toString('utf8')).slice(-STDERR_TAIL_BYTES);
    });
    // stdout is read and dropped so the child never blocks on a full pipe.
    child.stdout?.resume();
  }

  static async start(options: WhisperServerOptions): Promise<WhisperServerProcess> {
    installExitHook();
    for (let attempt = 1; ; attempt += 1) {
      const port = await findFreePort();
      const requestPath = `/${randomBytes(12).toString('hex')}`;
      const server = new WhisperServerProcess(
        spawnServer(options, port, requestPath),
        `http://${LOOPBACK}:${port}${requestPath}`,
      );
      const outcome = await server.waitUntilReady(options.startTimeoutMs ?? 120_000);
      if (outcome === 'ready') return server;
      const exit = await server.exited;
      // Another program took the port between our check and whisper-server's bind: try again.
      if (server.lastOutput().includes("couldn't bind") && attempt < BIND_ATTEMPTS) continue;
      throw server.startFailure(options, exit, outcome === 'timeout');
    }
  }

  get running(): boolean {
    return this.exit === undefined;
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  lastOutput(lines = 6): string {
    const tail = this.stderrTail
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
      .slice(-lines)
      .join(' | ');
    return tail === '' ? '(none)' : tail;
  }

  describeExit(exit: ProcessExit): string {
    return exit.signal ? `killed by ${exit.signal}` : `exit code ${exit.code}`;
  }

  /** SIGTERM, then SIGKILL if it has not gone within graceMs. */
  async stop(graceMs = 2_000): Promise<void> {
    if (!this.running) return;
    this.child.kill('SIGTERM');
    const timer = delay(graceMs, 'late' as const);
    if ((await Promise.race([this.exited, timer])) === 'late') this.child.kill('SIGKILL');
    await this.exited;
  }

  kill(): void {
    if (this.running) this.child.kill('SIGKILL');
  }

  private async waitUntilReady(timeoutMs: number): Promise<'ready' | 'exited' | 'timeout'> {
    const deadline = Date.now() + timeoutMs;
    const exited = this.exited.then(() => 'exited' as const);
    while (Date.now() < deadline) {
      const probe = fetch(`${this.baseUrl}/health`, { signal: AbortSignal.timeout(2_000) })
        .then((response) => (response.ok ? ('ready' as const) : ('loading' as const)))
        .catch(() => 'loading' as const);
      const state = await Promise.race([probe, exited]);
      if (state !== 'loading') return state;
      await Promise.race([delay(HEALTH_POLL_MS), exited]);
    }
    this.kill();
    return 'timeout';
  }

  private startFailure(
    options: WhisperServerOptions,
    exit: ProcessExit,
    timedOut: boolean,
  ): SpeechEngineError {
    const output = this.lastOutput();
    if (timedOut) {
      return new SpeechEngineError(
        `whisper-server did not become ready within ${Math.round((options.startTimeoutMs ?? 120_000) / 1000)} s while loading ${options.modelPath}; last output: ${output}`,
      );
    }
    if (output.includes("couldn't bind")) {
      return new SpeechEngineError(`whisper-server found no free port on ${LOOPBACK}: ${output}`);
    }
    // Model loading is all whisper-server does before it listens: a crash there is the model's.
    if (exit.signal || /failed to initialize whisper context|invalid model/i.test(output)) {
      return new WhisperModelError(
        'corrupt',
        options.modelPath,
        `whisper.cpp could not load it (${this.describeExit(exit)}): ${output}`,
      );
    }
    return new SpeechEngineError(
      `whisper-server stopped while starting (${this.describeExit(exit)}); last output: ${output}`,
    );
  }
}

function spawnServer(
  options: WhisperServerOptions,
  port: number,
  requestPath: string,
): ChildProcess {
  const args = [
    '--model',
    options.modelPath,
    '--threads',
    String(options.threads),
    '--host',
    LOOPBACK,
    '--port',
    String(port),
    '--request-path',
    requestPath,
    '--language',
    options.language,
    '--suppress-nst',
    '--no-language-probabilities',
    ...(options.dtw ? ['--dtw', options.dtw] : []),
  ];
  const stdio: ['ignore', 'pipe', 'pipe'] = ['ignore', 'pipe', 'pipe'];
  if (process.platform === 'linux' && existsSync(SETPRIV)) {
    return spawn(SETPRIV, ['--pdeathsig', 'SIGKILL', '--', options.binaryPath, ...args], { stdio });
  }
  return spawn(options.binaryPath, args, { stdio });
}

/** A port free right now; whisper-server cannot report the one it was given for port 0. */
async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, LOOPBACK, () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const child of running) child.kill('SIGKILL');
  });
}
