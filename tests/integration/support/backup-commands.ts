import { execFile } from 'node:child_process';
import { tmpdir } from 'node:os';

export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs `npm run backup` or `npm run restore` as an operator would, against the built app, with
 * the installation's settings (DATA_DIR, DATABASE_URL…) in its environment.
 */
export function runBackupCommand(
  command: 'backup' | 'restore',
  args: string[],
  env: Record<string, string>,
): Promise<CommandResult> {
  // Only what a shell gives a command: the test runner's own variables (BASE_URL=/…) stay out.
  const environment = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? tmpdir(),
    NODE_ENV: 'test',
    ...env,
  };
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [`dist/server/${command}.js`, ...args],
      { env: environment },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}
