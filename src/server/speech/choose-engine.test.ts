import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  makeSpeechClip,
  makeTempDirectory,
} from '../../../tests/fixtures/speech/speech-fixtures.js';
import { tinyWhisperModelBytes } from '../../../tests/fixtures/whisper/tiny-whisper-model.js';
import {
  BUILD_TIMEOUT_MS,
  TEST_TEMPERATURE_INCREMENT,
  builtWhisperServer,
} from '../../../tests/fixtures/whisper/whisper-test-setup.js';
import { decodeAudio } from './audio/decode-audio.js';
import { readPcmRange } from './audio/read-pcm-range.js';
import {
  chooseSpeechEngine,
  startSpeechEngine,
  type EngineChoiceLog,
  type SpeechEngineSettings,
} from './choose-engine.js';

let directory: Awaited<ReturnType<typeof makeTempDirectory>>;
let modelsDir: string;
let model: Buffer;
let lines: { level: 'info' | 'warn'; message: string; details: object }[];
const log: EngineChoiceLog = {
  info: (details, message) => lines.push({ level: 'info', message, details }),
  warn: (details, message) => lines.push({ level: 'warn', message, details }),
};

beforeAll(async () => {
  await builtWhisperServer();
  directory = await makeTempDirectory('sonoscript-choose-engine-');
  model = tinyWhisperModelBytes();
}, BUILD_TIMEOUT_MS);

afterAll(async () => {
  await directory?.remove();
});

beforeEach(async (context) => {
  lines = [];
  modelsDir = path.join(directory.path, context.task.id, 'models');
  await mkdir(modelsDir, { recursive: true });
});

function settings(overrides: Partial<SpeechEngineSettings> = {}): SpeechEngineSettings {
  return {
    engine: 'auto',
    whisper: { modelsDir, threads: 2, temperatureIncrement: TEST_TEMPERATURE_INCREMENT },
    openai: { model: 'whisper-1' },
    parallelism: 1,
    ...overrides,
  };
}

const modelFile = (name: string) => path.join(modelsDir, name);

describe('chooseSpeechEngine', () => {
  it('picks pocketsphinx, or openai when an API is set, while no whisper model is present', async () => {
    expect(await chooseSpeechEngine(settings())).toEqual({
      engine: 'pocketsphinx',
      reason: `TRANSCRIPTION_ENGINE=auto but no whisper model in ${modelsDir} (add one with: npm run models:download -- base.en); using the offline default`,
      warnings: [],
    });
    const withApi = settings({ openai: { apiUrl: 'http://127.0.0.1:9/v1', model: 'whisper-1' } });
    expect(await chooseSpeechEngine(withApi)).toMatchObject({
      engine: 'openai',
      reason: expect.stringMatching(/; TRANSCRIPTION_API_URL is set$/),
    });
  });

  it('picks whisper for the best usable model in the folder, and says what is wrong with the others', async () => {
    await writeFile(modelFile('ggml-base.en.bin'), model.subarray(0, 1000));
    await writeFile(modelFile('ggml-tiny.en.bin'), model);
    const choice = await chooseSpeechEngine(settings());
    expect(choice).toMatchObject({
      engine: 'whisper',
      whisperModelPath: modelFile('ggml-tiny.en.bin'),
      reason: `TRANSCRIPTION_ENGINE=auto and whisper model ${modelFile('ggml-tiny.en.bin')} (found in ${modelsDir})`,
    });
    expect(choice.warnings).toEqual([
      expect.stringMatching(
        /ggml-base\.en\.bin is incomplete .* Fix: npm run models:download -- base\.en$/,
      ),
    ]);
    // An explicit engine wins over a model on disk.
    expect(await chooseSpeechEngine(settings({ engine: 'pocketsphinx' }))).toEqual({
      engine: 'pocketsphinx',
      reason: 'TRANSCRIPTION_ENGINE=pocketsphinx',
      warnings: [],
    });
  });

  it('falls back with a warning when the model WHISPER_MODEL names cannot be used', async () => {
    const choice = await chooseSpeechEngine(
      settings({ engine: 'whisper', whisper: { modelsDir, model: 'small.en' } }),
    );
    expect(choice).toEqual({
      engine: 'pocketsphinx',
      reason:
        'TRANSCRIPTION_ENGINE=whisper but WHISPER_MODEL=small.en cannot be used; using the offline default',
      warnings: [
        `Whisper model file not found: ${modelFile('ggml-small.en.bin')} (no such file). Fix: npm run models:download -- small.en`,
      ],
    });
  });
});

describe('startSpeechEngine', () => {
  it('builds the engine TRANSCRIPTION_ENGINE names', async () => {
    const pocketsphinx = await startSpeechEngine(
      settings({ engine: 'pocketsphinx', parallelism: 3 }),
    );
    expect({
      name: pocketsphinx.engine.name,
      parallelism: pocketsphinx.engine.parallelism,
    }).toEqual({ name: 'pocketsphinx', parallelism: 3 });
    await pocketsphinx.engine.close();
    const openai = await startSpeechEngine(
      settings({
        engine: 'openai',
        openai: { apiUrl: 'http://127.0.0.1:9/v1', model: 'whisper-1' },
        parallelism: 2,
      }),
    );
    const { name, model, parallelism } = openai.engine;
    expect({ name, model, parallelism }).toEqual({
      name: 'openai',
      model: 'whisper-1',
      parallelism: 2,
    });
    await openai.engine.close();
  });

  it('refuses the openai engine without a URL', async () => {
    await expect(startSpeechEngine(settings({ engine: 'openai' }))).rejects.toThrow(
      /TRANSCRIPTION_API_URL/,
    );
  });

  it('starts whisper with the model loaded and logs why', async () => {
    await writeFile(modelFile('ggml-tiny.en.bin'), model);
    const { engine, choice } = await startSpeechEngine(
      settings({ whisper: { modelsDir, model: 'tiny.en' } }),
      log,
    );
    try {
      expect(engine).toMatchObject({
        name: 'whisper',
        model: 'tiny.en',
        parallelism: 1,
        maxChunkSeconds: 30,
      });
      expect(choice.reason).toBe(
        `TRANSCRIPTION_ENGINE=auto and whisper model ${modelFile('ggml-tiny.en.bin')} (WHISPER_MODEL=tiny.en)`,
      );
      expect(lines).toEqual([
        {
          level: 'info',
          details: { engine: 'whisper', model: 'tiny.en', reason: choice.reason },
          message: `Transcribing with whisper (tiny.en): ${choice.reason}`,
        },
      ]);
    } finally {
      await engine.close();
    }
  });

  it('keeps the service up on pocketsphinx when the model is missing, cut short or not a model', async () => {
    const clip = await makeSpeechClip(directory.path, 'pizza', [
      { silence: 0.5 },
      { say: 'i would like to order a large pizza with cheese and tomatoes' },
      { silence: 0.5 },
    ]);
    await writeFile(modelFile('ggml-tiny.en.bin'), model.subarray(0, model.length - 100));
    await copyFile(clip.path, modelFile('ggml-base.en.bin'));
    const cases = [
      [
        'small.en',
        /^Whisper model file not found: .*ggml-small\.en\.bin \(no such file\)\. Fix: npm run models:download -- small\.en$/,
      ],
      [
        'tiny.en',
        /ggml-tiny\.en\.bin is incomplete \(it ends at byte \d+, inside tensor .*\); the download was probably interrupted\. Fix: npm run models:download -- tiny\.en$/,
      ],
      [
        'base.en',
        /ggml-base\.en\.bin is not a whisper\.cpp model \(it is an audio file\)\. Fix: npm run models:download -- base\.en$/,
      ],
    ] as const;
    for (const [name, message] of cases) {
      lines = [];
      const { engine, choice } = await startSpeechEngine(
        settings({ engine: 'whisper', whisper: { modelsDir, model: name } }),
        log,
      );
      await engine.close();
      expect(engine.name, name).toBe('pocketsphinx');
      expect(choice.warnings).toEqual([expect.stringMatching(message)]);
      expect(lines.map((line) => line.level)).toEqual(['warn', 'info']);
      expect(lines[0]?.message).toMatch(message);
    }

    const decoded = await decodeAudio({
      inputPath: clip.path,
      demuxer: 'wav',
      outputPath: path.join(directory.path, 'pizza.pcm'),
    });
    const samples = await readPcmRange(decoded.pcmPath, {
      startSample: 0,
      endSample: decoded.sampleCount,
    });
    const { engine } = await startSpeechEngine(
      settings({ engine: 'whisper', whisper: { modelsDir, model: 'base.en' } }),
    );
    try {
      expect((await engine.transcribe(samples)).text).toContain('pizza');
    } finally {
      await engine.close();
    }
  });

  it('falls back when whisper-server cannot run, saying why', async () => {
    await writeFile(modelFile('ggml-tiny.en.bin'), model);
    const missingProgram = path.join(directory.path, 'no-such-whisper-server');
    const { engine, choice } = await startSpeechEngine(
      settings({
        openai: { apiUrl: 'http://127.0.0.1:9/v1', model: 'whisper-1' },
        whisper: { modelsDir, binaryPath: missingProgram },
      }),
      log,
    );
    await engine.close();
    expect(engine.name).toBe('openai');
    expect(choice.reason).toBe('whisper could not start; TRANSCRIPTION_API_URL is set');
    expect(choice.warnings).toEqual([
      `whisper-server not found or not executable at ${missingProgram}`,
    ]);

    // A program that runs but ends before serving: the start-up failure path.
    const failing = await startSpeechEngine(
      settings({ whisper: { modelsDir, binaryPath: '/bin/false' } }),
    );
    await failing.engine.close();
    expect(failing.engine.name).toBe('pocketsphinx');
    expect(failing.choice.warnings).toEqual([
      'whisper-server stopped while starting (exit code 1); last output: (none)',
    ]);
  });
});
