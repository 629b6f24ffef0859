import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDirectory } from '../../../../../tests/fixtures/speech/speech-fixtures.js';
import { tinyWhisperModelBytes } from '../../../../../tests/fixtures/whisper/tiny-whisper-model.js';
import { inspectWhisperModel } from './inspect-whisper-model.js';
import { WhisperModelError } from './whisper-model-error.js';

let directory: Awaited<ReturnType<typeof makeTempDirectory>>;
let model: Buffer;

beforeAll(async () => {
  directory = await makeTempDirectory('sonoscript-whisper-model-');
  model = tinyWhisperModelBytes();
});

afterAll(async () => {
  await directory.remove();
});

async function inspectBytes(name: string, bytes: Buffer | string) {
  const filePath = path.join(directory.path, name);
  await writeFile(filePath, bytes);
  return inspectWhisperModel(filePath);
}

async function problemWith(name: string, bytes: Buffer | string): Promise<WhisperModelError> {
  const error = await inspectBytes(name, bytes).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof WhisperModelError))
    throw new Error(`expected a WhisperModelError, got ${String(error)}`);
  return error;
}

describe('inspectWhisperModel', () => {
  it('reads the generated models as whisper.cpp would', async () => {
    const english = await inspectBytes('ggml-test.bin', model);
    expect(english).toMatchObject({
      multilingual: false,
      size: 'custom',
      weightType: 'f16',
      sizeBytes: model.length,
      hparams: { nVocab: 51864, nAudioLayer: 1, nTextLayer: 1, nMels: 80 },
    });
    const multilingual = await inspectBytes(
      'ggml-multi.bin',
      tinyWhisperModelBytes({ multilingual: true, ftype: 0 }),
    );
    expect(multilingual).toMatchObject({ multilingual: true, weightType: 'f32' });
  });

  it('names a missing file and the command that fetches it', async () => {
    const missing = path.join(directory.path, 'ggml-base.en.bin');
    const error = await inspectWhisperModel(missing).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(WhisperModelError);
    expect(error).toMatchObject({ problem: 'missing', filePath: missing });
    expect((error as Error).message).toBe(
      `Whisper model file not found: ${missing} (no such file). Fix: npm run models:download -- base.en`,
    );
  });

  it('calls a file cut anywhere incomplete, including between tensors', async () => {
    // Cut points: inside the header, the filters, the vocabulary, a tensor, and exactly after
    // the vocabulary, where whisper.cpp itself would load "an empty model for testing".
    for (const cut of [0, 20, 200, 100_000, tensorsStart(), model.length - 1]) {
      const error = await problemWith('ggml-tiny.en.bin', model.subarray(0, cut));
      expect(error.problem, `cut at ${cut}`).toBe('truncated');
      expect(error.message).toContain('ggml-tiny.en.bin is incomplete');
      expect(error.message).toContain('Fix: npm run models:download -- tiny.en');
    }
  });

  it('says what a file of another format is', async () => {
    const cases: [string, Buffer | string, RegExp][] = [
      ['gguf', Buffer.concat([Buffer.from('GGUF'), Buffer.alloc(60)]), /GGUF file/],
      ['html', '<!DOCTYPE html><html><body>Not found</body></html>', /HTML or XML page/],
      [
        'lfs',
        'version https://git-lfs.github.com/spec/v1\noid sha256:abc\nsize 1\n',
        /Git LFS pointer/,
      ],
      ['zip', Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(60)]), /zip archive/],
      ['json', '{"error":"Invalid username or password."}', /JSON text/],
    ];
    for (const [name, bytes, pattern] of cases) {
      const error = await problemWith(`${name}.bin`, bytes);
      expect(error.problem, name).toBe('wrong-format');
      expect(error.message).toMatch(pattern);
      expect(error.message).toContain('is not a whisper.cpp model');
    }
  });

  it('refuses damaged headers and trailing bytes before native code sees them', async () => {
    const badVocabulary = Buffer.from(model);
    badVocabulary.writeInt32LE(5, 4);
    expect((await problemWith('vocab.bin', badVocabulary)).message).toMatch(
      /vocabulary size 5 is not a whisper vocabulary/,
    );
    const badLayers = Buffer.from(model);
    badLayers.writeInt32LE(1_000_000, 4 + 4 * 4);
    expect((await problemWith('layers.bin', badLayers)).problem).toBe('corrupt');
    const extra = Buffer.concat([model, Buffer.alloc(16)]);
    expect((await problemWith('extra.bin', extra)).message).toMatch(/16 unexpected bytes/);
  });
});

/** Where the first tensor's header starts: right after the vocabulary. */
function tensorsStart(): number {
  const headerBytes = 3 * 4 + 2 * 4; // dims, name length, type; then its two sizes
  return model.indexOf('encoder.positional_embedding') - headerBytes;
}
