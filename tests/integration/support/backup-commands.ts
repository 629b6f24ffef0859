import { execFile } from 'node:child_process';

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
  const environment: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test', ...env };
  if (!env.DATABASE_URL) delete environment.DATABASE_URL;
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
