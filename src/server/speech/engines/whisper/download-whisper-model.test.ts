import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeTempDirectory } from '../../../../../tests/fixtures/speech/speech-fixtures.js';
import {
  startModelFileServer,
  type ModelFileServer,
} from '../../../../../tests/fixtures/whisper/model-file-server.js';
import { tinyWhisperModelBytes } from '../../../../../tests/fixtures/whisper/tiny-whisper-model.js';
import { downloadWhisperModel, type DownloadProgress } from './download-whisper-model.js';
import { ModelDownloadError } from './model-download-error.js';

const MEGABYTE = 1024 * 1024;
let model: Buffer;
let server: ModelFileServer;
let directory: Awaited<ReturnType<typeof makeTempDirectory>>;

beforeAll(async () => {
  model = tinyWhisperModelBytes({ seed: 3 });
  server = await startModelFileServer({
    files: {
      // A name with a published SHA-1 in whisper.cpp's table: these bytes cannot match it.
      'ggml-tiny.en.bin': model,
      'ggml-test-tiny.bin': model,
      'ggml-web-page.bin': Buffer.from('<!DOCTYPE html><html><body>Rate limited</body></html>'),
    },
  });
});

afterAll(async () => {
  await server.close();
});

beforeEach(async () => {
  directory = await makeTempDirectory('sonoscript-models-');
  server.requests.length = 0;
});

afterEach(async () => {
  await directory.remove();
});

const download = (name: string, extra: Partial<Parameters<typeof downloadWhisperModel>[0]> = {}) =>
  downloadWhisperModel({
    name,
    modelsDir: directory.path,
    baseUrl: server.baseUrl,
    retryDelayMs: 0,
    ...extra,
  });

async function failure(promise: Promise<unknown>): Promise<ModelDownloadError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof ModelDownloadError))
    throw new Error(`expected a ModelDownloadError, got ${String(error)}`);
  return error;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const filesIn = async () => (await readdir(directory.path)).sort();

describe('downloadWhisperModel', () => {
  it('fetches the file, checks the SHA-256 published with it and puts it in place', async () => {
    const progress: DownloadProgress[] = [];
    const result = await download('test-tiny', { onProgress: (step) => progress.push(step) });
    expect(result).toMatchObject({
      path: path.join(directory.path, 'ggml-test-tiny.bin'),
      bytes: model.length,
      alreadyPresent: false,
      checksum: { algorithm: 'sha256', hex: sha256(model) },
    });
    expect(sha256(await readFile(result.path))).toBe(sha256(model));
    expect(await filesIn()).toEqual(['ggml-test-tiny.bin']);
    expect(progress.at(-1)).toEqual({ receivedBytes: model.length, totalBytes: model.length });

    const again = await download('test-tiny');
    expect(again.alreadyPresent).toBe(true);
    expect(
      server.requests.filter((request) => request.path.startsWith('/cdn/') && !request.range),
    ).toHaveLength(1);
  });

  it('resumes an interrupted transfer with a range request', async () => {
    server.cutNextTransfers(MEGABYTE);
    const notices: string[] = [];
    const result = await download('test-tiny', { onNotice: (notice) => notices.push(notice) });
    expect(sha256(await readFile(result.path))).toBe(sha256(model));
    expect(notices).toEqual([
      // Cut after 1 MB: what reached the disk is that, or a little less when the last bytes
      // were still in flight.
      expect.stringMatching(
        /^Interrupted at (0\.\d|1\.0) MB \(terminated: other side closed\); resuming$/,
      ),
    ]);
    const resumed = server.requests.filter((request) => request.path.startsWith('/cdn/'));
    expect(resumed).toEqual([
      { path: '/cdn/ggml-test-tiny.bin', range: undefined, ifRange: undefined },
      {
        path: '/cdn/ggml-test-tiny.bin',
        range: expect.stringMatching(/^bytes=\d+-$/),
        ifRange: expect.stringMatching(/^"[0-9a-f]{16}"$/),
      },
    ]);
  });

  it('keeps the partial file when it runs out of tries, and the next run continues it', async () => {
    server.cutNextTransfers(2 * MEGABYTE, 2);
    const error = await failure(download('test-tiny', { attempts: 1 }));
    expect(error.problem).toBe('interrupted');
    const partPath = path.join(directory.path, 'ggml-test-tiny.bin.part');
    const saved = (await stat(partPath)).size;
    expect(saved).toBeGreaterThan(0);
    expect(saved).toBeLessThanOrEqual(2 * MEGABYTE);
    expect(error.message).toBe(
      `The download of test-tiny was interrupted at ${(saved / MEGABYTE).toFixed(1)} MB of ${(model.length / MEGABYTE).toFixed(1)} MB (terminated: other side closed). Run the same command again to resume from there.`,
    );
    expect(existsSync(path.join(directory.path, 'ggml-test-tiny.bin'))).toBe(false);

    // The next run is cut once more, then finishes; each request starts where the file ends.
    const result = await download('test-tiny', { attempts: 2 });
    expect(sha256(await readFile(result.path))).toBe(sha256(model));
    const starts = server.requests
      .filter((request) => request.path.startsWith('/cdn/') && request.range)
      .map((request) => Number(/\d+/.exec(request.range ?? '')?.[0]));
    expect(starts[0]).toBe(saved);
    expect(starts).toHaveLength(2);
    expect(starts[1]).toBeGreaterThan(saved);
    expect(await filesIn()).toEqual(['ggml-test-tiny.bin']);
  });

  it("refuses a file whose checksum does not match whisper.cpp's table, and deletes it", async () => {
    const error = await failure(download('tiny.en'));
    expect(error.problem).toBe('checksum');
    expect(error.message).toContain(
      "expected sha1 c78c86eb1a8faa21b369bcd33207cc90d64ae9df (whisper.cpp's models/README.md)",
    );
    expect(error.message).toContain('The download was deleted; run the command again.');
    expect(await filesIn()).toEqual([]);
  });

  it('refuses a download that is not a whisper model even when its checksum matches', async () => {
    const error = await failure(download('web-page'));
    expect(error.problem).toBe('not-a-model');
    expect(error.message).toMatch(/HTML or XML page/);
    expect(await filesIn()).toEqual([]);
  });

  it('reports a missing file and an unknown name', async () => {
    expect((await failure(download('small.en'))).message).toMatch(/answered 404 Not Found$/);
    const unknown = await failure(
      downloadWhisperModel({ name: 'huge', modelsDir: directory.path }),
    );
    expect(unknown).toMatchObject({ problem: 'unknown-model', message: 'Unknown model "huge"' });
    expect(await filesIn()).toEqual([]);
  });

  it('wants a checksum unless told not to', async () => {
    const unpublished = await startModelFileServer({
      files: { 'ggml-test-tiny.bin': model },
      publishChecksum: false,
    });
    try {
      const options = {
        name: 'test-tiny',
        modelsDir: directory.path,
        baseUrl: unpublished.baseUrl,
      };
      expect((await failure(downloadWhisperModel(options))).problem).toBe('no-checksum');
      const result = await downloadWhisperModel({ ...options, verify: false });
      expect(result.checksum).toBeUndefined();
      expect(sha256(await readFile(result.path))).toBe(sha256(model));
    } finally {
      await unpublished.close();
    }
  });
});
