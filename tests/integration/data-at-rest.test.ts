import { chmodSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../e2e/support/server.js';
import { makeSpeechClip, type SpeechClip } from '../fixtures/speech/speech-fixtures.js';
import { signUpOverHttp } from '../fixtures/accounts/sign-up-over-http.js';
import { uploadFile } from './support/http.js';

/** Every file and folder below `root` whose mode lets its group or others in. */
function openToOthers(root: string): string[] {
  const found: string[] = [];
  const visit = (entry: string) => {
    const stats = statSync(entry);
    if ((stats.mode & 0o077) !== 0) found.push(`${entry} ${(stats.mode & 0o777).toString(8)}`);
    if (stats.isDirectory()) for (const child of readdirSync(entry)) visit(path.join(entry, child));
  };
  visit(root);
  return found;
}

let server: RunningServer;
let fixtures: string;
let speech: SpeechClip;

beforeAll(async () => {
  fixtures = await mkdtemp(path.join(tmpdir(), 'sonoscript-at-rest-'));
  speech = await makeSpeechClip(fixtures, 'clip', [{ say: 'private words' }]);
  // A data folder an older version left readable to everyone.
  const dataDir = path.join(fixtures, 'data');
  mkdirSync(path.join(dataDir, 'audio'), { recursive: true, mode: 0o755 });
  writeFileSync(path.join(dataDir, 'audio', 'old.wav'), 'RIFF');
  chmodSync(dataDir, 0o755);
  chmodSync(path.join(dataDir, 'audio', 'old.wav'), 0o644);
  server = await startServer({ RUN_WORKERS: 'false' }, { dataDir });
});
afterAll(async () => {
  await server?.stop();
  await rm(fixtures, { recursive: true, force: true });
});

describe('data at rest', () => {
  it('keeps the database, the audio and the folders readable by the server user only', async () => {
    const { cookie } = await signUpOverHttp(server.baseUrl);
    const upload = await uploadFile(server.baseUrl, cookie, speech.path, {
      origin: server.baseUrl,
    });
    expect(upload.status).toBe(201);
    const audioFiles = readdirSync(path.join(server.dataDir, 'audio'), { recursive: true });
    expect(audioFiles.length).toBeGreaterThan(1);
    expect(readdirSync(path.join(server.dataDir, 'db')).length).toBeGreaterThan(0);
    expect(openToOthers(server.dataDir)).toEqual([]);
  });
});
