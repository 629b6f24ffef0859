import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDirectory } from '../fixtures/speech/speech-fixtures.js';
import { tinyWhisperModelBytes } from '../fixtures/whisper/tiny-whisper-model.js';
import { BUILD_TIMEOUT_MS, builtWhisperServer } from '../fixtures/whisper/whisper-test-setup.js';
import { createTestApp, OPERATOR } from './support/test-app.js';

let directory: Awaited<ReturnType<typeof makeTempDirectory>>;
let model: Buffer;

beforeAll(async () => {
  await builtWhisperServer();
  directory = await makeTempDirectory('sonoscript-whisper-startup-');
  model = tinyWhisperModelBytes();
}, BUILD_TIMEOUT_MS);

afterAll(async () => {
  await directory?.remove();
});

async function health(env: Record<string, string>): Promise<Record<string, unknown>> {
  const app = await createTestApp('pglite', { env: { RUN_WORKERS: 'true', ...env } });
  try {
    const response = await app.server.inject({
      method: 'GET',
      url: '/api/health',
      headers: OPERATOR,
    });
    expect(response.statusCode).toBe(200);
    return response.json<Record<string, unknown>>();
  } finally {
    await app.close();
  }
}

describe('speech engine chosen at start-up', () => {
  it('is whisper when a model is present, and /api/health says so and why', async () => {
    const modelPath = path.join(directory.path, 'ggml-tiny.en.bin');
    await writeFile(modelPath, model);
    expect(await health({ WHISPER_MODEL: modelPath })).toMatchObject({
      status: 'ok',
      engine: 'whisper',
      model: 'tiny.en',
      engineReason: `TRANSCRIPTION_ENGINE=auto and whisper model ${modelPath} (WHISPER_MODEL=${modelPath})`,
    });
  });

  it('stays up on pocketsphinx when the model is missing, cut short or not a model', async () => {
    const cut = path.join(directory.path, 'ggml-cut.bin');
    await writeFile(cut, model.subarray(0, model.length / 2));
    const page = path.join(directory.path, 'ggml-page.bin');
    await writeFile(page, '<!DOCTYPE html><html></html>');
    for (const modelPath of [path.join(directory.path, 'ggml-none.bin'), cut, page]) {
      expect(await health({ WHISPER_MODEL: modelPath })).toMatchObject({
        status: 'ok',
        engine: 'pocketsphinx',
        engineReason: `TRANSCRIPTION_ENGINE=auto but WHISPER_MODEL=${modelPath} cannot be used; using the offline default`,
      });
    }
  });
});
