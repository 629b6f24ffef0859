import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { makeTempDirectory } from '../../fixtures/speech/speech-fixtures.js';
import { makeAppAudio, type AppAudio } from './app.js';
import { launchBrowser } from './browser.js';
import { startServer, type RunningServer } from './server.js';

export interface RunningApp {
  server: RunningServer;
  browser: Browser;
  audio: AppAudio;
  /** A temporary directory for the test file's own files, removed afterwards. */
  directory: string;
}

/**
 * The built server, Chromium and the app's test audio for the surrounding describe block: started
 * in its beforeAll, stopped in its afterAll. Read the fields inside tests, not at collection time.
 */
export function useRunningApp(directoryPrefix: string): RunningApp {
  let running: RunningApp | undefined;
  let removeDirectory: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const temp = await makeTempDirectory(directoryPrefix);
    removeDirectory = temp.remove;
    const [server, browser, audio] = await Promise.all([
      startServer(),
      launchBrowser(),
      makeAppAudio(temp.path),
    ]);
    running = { server, browser, audio, directory: temp.path };
  });
  afterAll(async () => {
    await running?.browser.close();
    await running?.server.stop();
    await removeDirectory?.();
  });
  const started = (): RunningApp => {
    if (!running) throw new Error('The app is not running yet: use it inside a test');
    return running;
  };
  return {
    get server() {
      return started().server;
    },
    get browser() {
      return started().browser;
    },
    get audio() {
      return started().audio;
    },
    get directory() {
      return started().directory;
    },
  };
}
