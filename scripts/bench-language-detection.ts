/**
 * What automatic language detection costs (docs/decisions/0053): whisper.cpp's language pass
 * (one encoder pass and one decoder step, `detect_language`) on a 30 s window, with a generated
 * multilingual model of base's published dimensions (random weights: the work is the real
 * model's), timed against transcribing the same window with the English-only model of that size.
 * The default pair detects once per recording.
 *
 *   npm run bench:language-detection            3 runs each, 2 threads
 *   npm run bench:language-detection -- --runs 1
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { decodeAudio } from '../src/server/speech/audio/decode-audio.js';
import { readPcmRange } from '../src/server/speech/audio/read-pcm-range.js';
import { startWhisperEngine } from '../src/server/speech/engines/whisper/whisper-engine.js';
import { makeSpeechClip } from '../tests/fixtures/speech/speech-fixtures.js';
import { writePublishedSizeWhisperModel } from '../tests/fixtures/whisper/published-size-whisper-model.js';

/** `--runs N` (default 3). */
const RUNS = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 3;
const THREADS = 2;

async function main(): Promise<void> {
  const directory = await mkdtemp(path.join(tmpdir(), 'sonoscript-bench-detect-'));
  try {
    const multilingualPath = path.join(directory, 'ggml-base.bin');
    const englishPath = path.join(directory, 'ggml-base.en.bin');
    await writePublishedSizeWhisperModel(multilingualPath, 'base.en', { multilingual: true });
    await writePublishedSizeWhisperModel(englishPath, 'base.en');
    const clip = await makeSpeechClip(directory, 'window', [
      { say: 'good morning everybody, today we are going to talk about the weather and the sea' },
      { silence: 24 },
    ]);
    const decoded = await decodeAudio({
      inputPath: clip.path,
      demuxer: 'wav',
      outputPath: path.join(directory, 'window.pcm'),
      maxSeconds: 30,
    });
    const window = await readPcmRange(decoded.pcmPath, {
      startSample: 0,
      endSample: decoded.sampleCount,
    });
    const seconds = decoded.sampleCount / 16_000;
    const multilingual = await startWhisperEngine({
      modelPath: multilingualPath,
      threads: THREADS,
      temperatureIncrement: 0,
    });
    const english = await startWhisperEngine({
      modelPath: englishPath,
      threads: THREADS,
      temperatureIncrement: 0,
    });
    const time = async (run: () => Promise<unknown>): Promise<number[]> => {
      const times: number[] = [];
      for (let at = 0; at < RUNS; at += 1) {
        const started = performance.now();
        await run();
        times.push((performance.now() - started) / 1000);
      }
      return times;
    };
    try {
      const detect = await time(() => multilingual.detectLanguage(window));
      process.stdout.write(
        `language detection: ${detect.map((value) => value.toFixed(2)).join(', ')} s\n`,
      );
      const transcribe = await time(() => english.transcribe(window));
      const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
      const format = (values: number[]) =>
        values.map((value) => `${value.toFixed(2)} s`).join(', ');
      process.stdout.write(
        [
          `window: ${seconds.toFixed(1)} s of audio, ${THREADS} threads, ${RUNS} runs each`,
          '',
          '| step | runs | median |',
          '| ---- | ---- | ------ |',
          `| language detection, base (multilingual) | ${format(detect)} | ${median(detect).toFixed(2)} s |`,
          `| transcription, base.en (random weights run to the token cap) | ${format(transcribe)} | ${median(transcribe).toFixed(2)} s |`,
          '',
        ].join('\n'),
      );
    } finally {
      await multilingual.close();
      await english.close();
    }
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

await main();
