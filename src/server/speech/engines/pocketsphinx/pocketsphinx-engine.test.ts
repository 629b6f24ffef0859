import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeSpeechClip,
  makeTempDirectory,
  type SpeechClip,
} from '../../../../../tests/fixtures/speech/speech-fixtures.js';
import { MORNING, PIZZA } from '../../../../../tests/fixtures/speech/sentences.js';
import { decodeAudio } from '../../audio/decode-audio.js';
import { readPcmRange } from '../../audio/read-pcm-range.js';
import { WORK_PRIORITY, type WorkPriority } from '../engine.js';
import { SpeechEngineError } from '../speech-engine-error.js';
import { createPocketSphinxEngine, type PocketSphinxEngine } from './pocketsphinx-engine.js';
import { pocketSphinxWorkerEntry } from './pocketsphinx-worker-pool.js';

let directory: Awaited<ReturnType<typeof makeTempDirectory>>;
let clip: SpeechClip;
let samples: Int16Array;
let engine: PocketSphinxEngine;

beforeAll(async () => {
  directory = await makeTempDirectory();
  clip = await makeSpeechClip(directory.path, 'two-sentences', [
    { silence: 1 },
    { say: MORNING },
    { silence: 1.5 },
    { say: PIZZA },
    { silence: 1 },
  ]);
  const decoded = await decodeAudio({
    inputPath: clip.path,
    demuxer: 'wav',
    outputPath: path.join(directory.path, 'clip.pcm'),
  });
  samples = await readPcmRange(decoded.pcmPath, { startSample: 0, endSample: decoded.sampleCount });
  engine = createPocketSphinxEngine({ parallelism: 2 });
});

afterAll(async () => {
  await engine.close();
  await directory.remove();
});

function spanOf(text: string): { start: number; end: number } {
  const span = clip.spans.find((candidate) => candidate.text === text);
  if (!span) throw new Error(`no span for ${text}`);
  return span;
}

describe('PocketSphinx engine', () => {
  it('writes down the words spoken, in timed segments', async () => {
    const result = await engine.transcribe(samples);
    // eSpeak is hard for PocketSphinx: assert the words it gets right, whatever the decoder's history.
    for (const word of ['morning', 'everybody', 'talk', 'large', 'pizza'])
      expect(result.text.split(' ')).toContain(word);
    expect(result.language).toBe('en');
    expect(result.text).not.toMatch(/<s>|<\/s>|<sil>|\[|\(\d\)/);

    const morning = result.segments.find((segment) => segment.text.includes('morning'));
    const pizza = result.segments.find((segment) => segment.text.includes('pizza'));
    const morningSpan = spanOf(MORNING);
    const pizzaSpan = spanOf(PIZZA);
    // The noise before the first sentence may come out as a word, so only the end is pinned here.
    expect(morning?.end).toBeGreaterThan(morningSpan.start);
    expect(morning?.end).toBeLessThanOrEqual(morningSpan.end + 0.3);
    expect(pizza?.start).toBeGreaterThanOrEqual(pizzaSpan.start - 0.3);
    expect(pizza?.end).toBeLessThanOrEqual(pizzaSpan.end + 0.3);
    // The 1.5 s pause between the sentences separates their segments.
    expect(morning).not.toBe(pizza);
    result.segments.forEach((segment, index) => {
      expect(segment.end).toBeGreaterThan(segment.start);
      if (index > 0)
        expect(segment.start).toBeGreaterThanOrEqual(result.segments[index - 1]?.end ?? 0);
    });
  });

  it('one thread, several waiting: a free trial, then Pro chunks, then free chunks, each in arrival order', async () => {
    const single = createPocketSphinxEngine({ parallelism: 1 });
    try {
      const finished: string[] = [];
      const submit = (name: string, priority: WorkPriority) =>
        single.transcribe(samples, { priority }).then(() => finished.push(name));
      // The first takes the thread at once; the rest wait for it.
      const all = [
        submit('free 1 (running)', WORK_PRIORITY.standard),
        submit('free 2', WORK_PRIORITY.standard),
        submit('pro 1', WORK_PRIORITY.priority),
        submit('free 3', WORK_PRIORITY.standard),
        submit('trial', WORK_PRIORITY.interactive),
        submit('pro 2', WORK_PRIORITY.priority),
      ];
      await Promise.all(all);
      expect(finished).toEqual(['free 1 (running)', 'trial', 'pro 1', 'pro 2', 'free 2', 'free 3']);
    } finally {
      await single.close();
    }
  });

  it('loads the model once per worker thread, not once per chunk', async () => {
    const pizzaSpan = spanOf(PIZZA);
    const piece = samples.subarray(
      Math.floor((pizzaSpan.start - 0.5) * 16_000),
      Math.ceil((pizzaSpan.end + 0.5) * 16_000),
    );
    const results = await Promise.all([1, 2, 3].map(() => engine.transcribe(piece)));
    for (const result of results) expect(result.text).toContain('pizza');
    await engine.transcribe(piece);
    expect(engine.modelLoads).toBe(2);
  });

  it('returns nothing for silence', async () => {
    const result = await engine.transcribe(new Int16Array(16_000));
    expect(result).toEqual({ text: '', segments: [], language: 'en' });
  });

  it('says which package to install when the library is missing', async () => {
    const broken = createPocketSphinxEngine({
      parallelism: 1,
      libraryNames: {
        sphinxbase: ['libsphinxbase-missing.so.3'],
        pocketsphinx: ['libpocketsphinx-missing.so.3'],
      },
    });
    try {
      const error = await broken
        .transcribe(samples.subarray(0, 16_000))
        .catch((reason: unknown) => reason);
      expect(error).toBeInstanceOf(SpeechEngineError);
      expect((error as Error).message).toMatch(/PocketSphinx could not be loaded/);
      expect((error as Error).message).toMatch(/libsphinxbase-missing\.so\.3/);
      expect((error as Error).message).toMatch(/apt-get install pocketsphinx pocketsphinx-en-us/);
    } finally {
      await broken.close();
    }
  });

  it('says which package to install when the model is missing', async () => {
    const broken = createPocketSphinxEngine({
      parallelism: 1,
      modelDirectory: path.join(directory.path, 'no-model'),
    });
    try {
      await expect(broken.transcribe(samples.subarray(0, 16_000))).rejects.toThrow(
        /model was not found .*pocketsphinx-en-us/,
      );
    } finally {
      await broken.close();
    }
  });

  it('refuses work once closed, and honours an aborted signal', async () => {
    const closing = createPocketSphinxEngine({ parallelism: 1 });
    const aborted = AbortSignal.abort();
    await expect(closing.transcribe(samples, { signal: aborted })).rejects.toThrow(/abort/i);
    await closing.close();
    await closing.close();
    await expect(closing.transcribe(samples)).rejects.toThrow(/closed/);
  });
});

describe('pocketSphinxWorkerEntry', () => {
  it('runs the compiled .js worker directly and the .ts source through tsx', () => {
    const compiled = pocketSphinxWorkerEntry(
      'file:///app/dist/server/server/speech/engines/pocketsphinx/pocketsphinx-worker-pool.js',
    );
    expect(compiled).toEqual({
      script: new URL(
        'file:///app/dist/server/server/speech/engines/pocketsphinx/pocketsphinx-worker.js',
      ),
      eval: false,
    });
    const source = pocketSphinxWorkerEntry(import.meta.url);
    expect(source.eval).toBe(true);
    expect(String(source.script)).toContain('pocketsphinx-worker.ts');
    expect(String(source.script)).toContain(path.join('tsx', 'dist', 'cjs'));
  });
});
