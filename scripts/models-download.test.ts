import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDirectory } from '../tests/fixtures/speech/speech-fixtures.js';
import {
  startModelFileServer,
  type ModelFileServer,
} from '../tests/fixtures/whisper/model-file-server.js';
import { tinyWhisperModelBytes } from '../tests/fixtures/whisper/tiny-whisper-model.js';

const execFileAsync = promisify(execFile);
const root = fileURLToPath(new URL('..', import.meta.url));
let server: ModelFileServer;
let directory: Awaited<ReturnType<typeof makeTempDirectory>>;

beforeAll(async () => {
  server = await startModelFileServer({ files: { 'ggml-test-tiny.bin': tinyWhisperModelBytes() } });
  directory = await makeTempDirectory('sonoscript-models-cli-');
});

afterAll(async () => {
  await server.close();
  await directory.remove();
});

/** `npm run models:download -- <args>`, minus npm. */
async function modelsDownload(
  args: string[],
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await execFileAsync(
      process.execPath,
      ['--import', 'tsx', path.join(root, 'scripts/models-download.ts'), ...args],
      { cwd: root },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('npm run models:download', () => {
  it('downloads with progress lines, then finds the model already there', async () => {
    server.cutNextTransfers(1024 * 1024);
    const args = ['test-tiny', '--base-url', server.baseUrl, '--dir', directory.path];
    const first = await modelsDownload(args);
    expect(first.stderr).toContain(`Downloading test-tiny into ${directory.path}`);
    expect(first.stderr).toMatch(/resuming/);
    expect(first.stderr).toMatch(/\[#{30}\] 100% 4\.2\/4\.2 MB/);
    expect(first.stdout).toMatch(
      /^Saved: .*ggml-test-tiny\.bin \(4\.2 MB, sha256 verified against the checksum the server published \(X-Linked-Etag\)\)\n$/,
    );
    expect(first.code).toBe(0);
    expect(existsSync(path.join(directory.path, 'ggml-test-tiny.bin'))).toBe(true);

    const second = await modelsDownload(args);
    expect(second.stdout).toMatch(/^Already present: /);
  });

  it('lists the models for an unknown name and fails', async () => {
    const result = await modelsDownload(['huge', '--dir', directory.path]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Unknown model "huge"');
    expect(result.stderr).toContain('Models: tiny, tiny.en, tiny-q5_1*');
  });
});
