import { constants } from 'node:fs';
import { access, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SpeechEngineError } from '../speech-engine-error.js';

/** The project folder, from src/server/... and dist/server/... alike. */
export const PROJECT_ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
export const BUILD_COMMAND = 'node scripts/build-whisper.mjs';

/**
 * Where scripts/build-whisper.mjs puts whisper-server: .cache/whisper/<nodejs-whisper version>/,
 * so a new version of the shipped sources gets its own build.
 */
export async function defaultWhisperServerPath(): Promise<string> {
  const require = createRequire(import.meta.url);
  let manifestPath: string;
  try {
    manifestPath = require.resolve('nodejs-whisper/package.json');
  } catch {
    throw new SpeechEngineError(
      'The nodejs-whisper package (the whisper.cpp sources) is not installed: run npm install',
    );
  }
  const { version } = JSON.parse(await readFile(manifestPath, 'utf8')) as { version: string };
  return path.join(PROJECT_ROOT, '.cache', 'whisper', version, 'bin', 'whisper-server');
}

/** The whisper-server program to run, or an error that says how to build it. */
export async function findWhisperServer(override?: string): Promise<string> {
  const binaryPath = override ?? (await defaultWhisperServerPath());
  try {
    await access(binaryPath, constants.X_OK);
  } catch {
    throw new SpeechEngineError(
      override
        ? `whisper-server not found or not executable at ${binaryPath}`
        : `whisper-server is not built yet (${binaryPath}). Fix: ${BUILD_COMMAND} (about 3 minutes on 2 cores; the server also builds it in the background)`,
    );
  }
  return binaryPath;
}
