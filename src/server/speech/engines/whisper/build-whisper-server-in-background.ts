import { spawn } from 'node:child_process';
import path from 'node:path';
import { SpeechEngineError } from '../speech-engine-error.js';
import { PROJECT_ROOT, findWhisperServer } from './whisper-server-binary.js';

/**
 * Builds whisper-server with scripts/build-whisper.mjs in a child process (a few minutes on 2
 * cores) while the service runs. The script builds in a private folder and renames the program
 * into place, so a half-built program is never found.
 */
export async function buildWhisperServerInBackground(options: {
  signal?: AbortSignal;
  onOutput?: (line: string) => void;
}): Promise<string> {
  const script = path.join(PROJECT_ROOT, 'scripts', 'build-whisper.mjs');
  let lastLine = '';
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(process.execPath, [script], {
      cwd: PROJECT_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      signal: options.signal,
    });
    const onData = (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (!line.trim()) continue;
        lastLine = line.trim();
        options.onOutput?.(lastLine);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('error', reject);
    child.once('close', resolve);
  });
  if (code !== 0) {
    throw new SpeechEngineError(
      `whisper-server could not be built (${lastLine || `exit code ${code}`}). Fix: node scripts/build-whisper.mjs`,
    );
  }
  return findWhisperServer();
}
