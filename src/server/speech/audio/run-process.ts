import { spawn } from 'node:child_process';

export interface RunProcessOptions {
  /** Wall-clock limit; the process is killed when it expires. */
  timeoutMs: number;
  signal?: AbortSignal;
  /** Output beyond this is dropped, so a hostile file cannot fill memory through stdout. */
  maxStdoutBytes?: number;
}

export interface ProcessResult {
  exitCode: number | null;
  stdout: string;
  /** The last few kilobytes of stderr, where ffmpeg puts its error. */
  stderr: string;
  timedOut: boolean;
}

const STDERR_TAIL_BYTES = 16 * 1024;

export class MissingProgramError extends Error {
  override name = 'MissingProgramError';
}

/** Runs a program with an argument array (never a shell) and collects its output. */
export function runProcess(
  command: string,
  args: readonly string[],
  options: RunProcessOptions,
): Promise<ProcessResult> {
  const maxStdoutBytes = options.maxStdoutBytes ?? 4 * 1024 * 1024;
  return new Promise((resolve, reject) => {
    options.signal?.throwIfAborted();
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const stdoutChunks: Buffer[] = [];
    let stdoutBytes = 0;
    let stderr = Buffer.alloc(0);
    let timedOut = false;
    let settled = false;

    const kill = (): void => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    };
    const timer = setTimeout(() => {
      timedOut = true;
      kill();
    }, options.timeoutMs);
    const onAbort = (): void => {
      kill();
      finish(() => reject(options.signal?.reason));
    };
    options.signal?.addEventListener('abort', onAbort, { once: true });

    const finish = (settle: () => void): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      settle();
    };

    child.stdout.on('data', (chunk: Buffer) => {
      if (stdoutBytes >= maxStdoutBytes) return;
      stdoutChunks.push(chunk);
      stdoutBytes += chunk.length;
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = Buffer.concat([stderr, chunk]);
      if (stderr.length > STDERR_TAIL_BYTES)
        stderr = stderr.subarray(stderr.length - STDERR_TAIL_BYTES);
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      finish(() =>
        reject(
          error.code === 'ENOENT'
            ? new MissingProgramError(
                `${command} is not installed (Debian: apt-get install ffmpeg)`,
                {
                  cause: error,
                },
              )
            : error,
        ),
      );
    });
    child.on('close', (exitCode) => {
      finish(() =>
        resolve({
          exitCode,
          stdout: Buffer.concat(stdoutChunks).toString('utf8'),
          stderr: stderr.toString('utf8').trim(),
          timedOut,
        }),
      );
    });
  });
}
