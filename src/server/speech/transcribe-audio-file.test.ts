import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeSpeechClip,
  makeTempDirectory,
  type SpeechClip,
} from '../../../tests/fixtures/speech/speech-fixtures.js';
import { everySoundIsSpeech } from '../../../tests/fixtures/speech/every-sound-is-speech.js';
import { MEETING, MORNING, PIZZA } from '../../../tests/fixtures/speech/sentences.js';
import { AudioError } from './audio/audio-error.js';
import { decodeAudio } from './audio/decode-audio.js';
import { FIRST_CHUNK_SECONDS, planChunks } from './audio/plan-chunks.js';
import type { SpeechEngine, TranscribeOptions, TranscriptionResult } from './engines/engine.js';
import { createPocketSphinxEngine } from './engines/pocketsphinx/pocketsphinx-engine.js';
import { transcribeAudioFile } from './transcribe-audio-file.js';

let directory: Awaited<ReturnType<typeof makeTempDirectory>>;
let clip: SpeechClip;
let runCount = 0;

function freshWorkDir(): string {
  runCount += 1;
  return path.join(directory.path, `work-${runCount}`);
}

beforeAll(async () => {
  directory = await makeTempDirectory();
  clip = await makeSpeechClip(directory.path, 'meeting', MEETING);
});

afterAll(() => directory.remove());

/** Answers each chunk with one segment spanning it, named by its length; the first call waits for the second. */
class ChunkEchoEngine implements SpeechEngine {
  readonly multilingual = false;
  readonly name = 'chunk-echo';
  readonly model = 'test';
  readonly parallelism: number;
  running = 0;
  mostRunning = 0;
  calls = 0;
  private secondDone!: () => void;
  private readonly second = new Promise<void>((resolve) => (this.secondDone = resolve));
  private readonly failOnCall: number | undefined;
  constructor(parallelism: number, failOnCall?: number) {
    this.parallelism = parallelism;
    this.failOnCall = failOnCall;
  }
  async transcribe(pcm: Int16Array, options?: TranscribeOptions): Promise<TranscriptionResult> {
    const call = this.calls++;
    this.running += 1;
    this.mostRunning = Math.max(this.mostRunning, this.running);
    try {
      if (call === this.failOnCall) throw new Error(`engine failed on call ${call}`);
      if (call === 0 && this.parallelism > 1) await this.second;
      options?.signal?.throwIfAborted();
      const name = `n${pcm.length}`;
      return {
        text: name,
        segments: [{ start: 0, end: pcm.length / 16_000, text: name }],
        language: 'xx',
      };
    } finally {
      this.running -= 1;
      if (call === 1) this.secondDone();
    }
  }
  close(): Promise<void> {
    return Promise.resolve();
  }
}

/** The lines' times and text; their words (one spread word for a stub engine) aside. */
function withoutWords(segments: ReadonlyArray<{ start: number; end: number; text: string }>) {
  return segments.map(({ start, end, text }) => ({ start, end, text }));
}

describe('transcribeAudioFile with PocketSphinx', () => {
  it('transcribes a recording cut into chunks, with segment times from the start of the file', async () => {
    const engine = createPocketSphinxEngine({ parallelism: 2 });
    const workDir = freshWorkDir();
    const progress: number[] = [];
    try {
      const transcript = await transcribeAudioFile({
        inputPath: clip.path,
        demuxer: 'wav',
        engine,
        workDir,
        maxChunkSeconds: 15,
        onProgress: (percent) => progress.push(percent),
      });
      expect(transcript.transcribedSeconds).toBeCloseTo(clip.duration, 1);
      expect(transcript.language).toBe('en');
      const words = transcript.text.split(' ');
      // Words PocketSphinx gets right in eSpeak's voice.
      for (const word of ['morning', 'talk', 'order', 'large', 'month', 'afterwards'])
        expect(words).toContain(word);

      transcript.segments.forEach((segment, index) => {
        expect(segment.end).toBeGreaterThan(segment.start);
        if (index > 0)
          expect(segment.start).toBeGreaterThanOrEqual(transcript.segments[index - 1]?.end ?? 0);
      });
      expect(transcript.segments.at(-1)?.end).toBeLessThanOrEqual(transcript.transcribedSeconds);

      const pizzaSpan = clip.spans.find((span) => span.text === PIZZA);
      const pizza = transcript.segments.find((segment) => segment.text.includes('large'));
      expect(pizza?.start).toBeGreaterThanOrEqual((pizzaSpan?.start ?? 0) - 0.3);
      expect(pizza?.end).toBeLessThanOrEqual((pizzaSpan?.end ?? 0) + 0.3);
      const lastMorningSpan = clip.spans.filter((span) => span.text === MORNING).at(-1);
      const lastMorning = transcript.segments
        .filter((segment) => segment.text.includes('morning'))
        .at(-1);
      expect(lastMorning?.end).toBeGreaterThan(lastMorningSpan?.start ?? 0);
      expect(lastMorning?.end).toBeLessThanOrEqual((lastMorningSpan?.end ?? 0) + 0.3);

      expect(progress[0]).toBe(0);
      expect(progress.at(-1)).toBe(100);
      expect(progress.length).toBeGreaterThanOrEqual(4);
      expect([...progress].sort((a, b) => a - b)).toEqual(progress);
      expect(await readdir(workDir)).toEqual([]);
    } finally {
      await engine.close();
    }
  });
});

describe('transcribeAudioFile', () => {
  it('stitches chunks in order with exact offsets, whatever order they finish in', async () => {
    const pcmPath = path.join(directory.path, 'meeting.pcm');
    await decodeAudio({ inputPath: clip.path, demuxer: 'wav', outputPath: pcmPath });
    const chunks = await planChunks(pcmPath, {
      maxChunkSeconds: 10,
      firstChunkSeconds: FIRST_CHUNK_SECONDS,
    });
    expect(chunks.length).toBeGreaterThanOrEqual(4);

    const engine = new ChunkEchoEngine(2);
    const transcript = await transcribeAudioFile({
      speechDetector: everySoundIsSpeech,
      inputPath: clip.path,
      demuxer: 'wav',
      engine,
      workDir: freshWorkDir(),
      maxChunkSeconds: 10,
    });
    expect(transcript.text).toBe(
      chunks.map((chunk) => `n${chunk.endSample - chunk.startSample}`).join(' '),
    );
    expect(withoutWords(transcript.segments)).toEqual(
      chunks.map((chunk) => ({
        start: Math.round(chunk.startSample / 16) / 1000,
        end: Math.round(chunk.endSample / 16) / 1000,
        text: `n${chunk.endSample - chunk.startSample}`,
      })),
    );
    expect(transcript.segments.at(-1)?.end).toBeCloseTo(transcript.transcribedSeconds, 3);
    expect(transcript.language).toBe('xx');
    expect(engine.mostRunning).toBe(2);
  });

  it('shows every sample of the recording once to an audio observer, with where it starts', async () => {
    const pcmPath = path.join(directory.path, 'meeting-observed.pcm');
    const decoded = await decodeAudio({
      inputPath: clip.path,
      demuxer: 'wav',
      outputPath: pcmPath,
    });
    const whole = new Int16Array((await readFile(pcmPath)).buffer.slice(0));
    const seen: { startSample: number; samples: Int16Array }[] = [];
    await transcribeAudioFile({
      speechDetector: everySoundIsSpeech,
      inputPath: clip.path,
      demuxer: 'wav',
      engine: new ChunkEchoEngine(2),
      workDir: freshWorkDir(),
      maxChunkSeconds: 10,
      onChunkAudio: (startSample, samples) => seen.push({ startSample, samples }),
    });
    expect(seen.length).toBeGreaterThanOrEqual(4);
    seen.sort((a, b) => a.startSample - b.startSample);
    let next = 0;
    for (const { startSample, samples } of seen) {
      expect(startSample).toBe(next);
      expect(samples).toEqual(whole.subarray(startSample, startSample + samples.length));
      next += samples.length;
    }
    expect(next).toBe(decoded.sampleCount);
  });

  it('gives the transcript so far as it grows: always the beginning of the final one', async () => {
    const soFar: Array<{ text: string; segments: unknown[] }> = [];
    const transcript = await transcribeAudioFile({
      inputPath: clip.path,
      demuxer: 'wav',
      engine: new ChunkEchoEngine(3),
      workDir: freshWorkDir(),
      maxChunkSeconds: 10,
      onTranscriptSoFar: (part) => soFar.push(part),
    });
    expect(soFar.length).toBeGreaterThan(1);
    let shown = 0;
    for (const part of soFar) {
      expect(part.segments.length).toBeGreaterThan(shown);
      shown = part.segments.length;
      expect(part.segments).toEqual(transcript.segments.slice(0, shown));
      expect(transcript.text.startsWith(part.text)).toBe(true);
    }
    expect(soFar.at(-1)?.segments).toEqual(transcript.segments);
  });

  it('transcribes only the first seconds when told to', async () => {
    const engine = new ChunkEchoEngine(1);
    const transcript = await transcribeAudioFile({
      speechDetector: everySoundIsSpeech,
      inputPath: clip.path,
      demuxer: 'wav',
      engine,
      workDir: freshWorkDir(),
      maxSeconds: 12,
    });
    expect(transcript.transcribedSeconds).toBe(12);
    expect(withoutWords(transcript.segments)).toEqual([{ start: 0, end: 12, text: 'n192000' }]);
    expect(engine.mostRunning).toBe(1);
  });

  it('removes its temporary files when the engine fails', async () => {
    const workDir = freshWorkDir();
    await expect(
      transcribeAudioFile({
        inputPath: clip.path,
        demuxer: 'wav',
        engine: new ChunkEchoEngine(2, 2),
        workDir,
        maxChunkSeconds: 10,
      }),
    ).rejects.toThrow('engine failed on call 2');
    expect(await readdir(workDir)).toEqual([]);
  });

  it('removes its temporary files when the audio cannot be decoded', async () => {
    const workDir = freshWorkDir();
    const notAudio = path.join(directory.path, 'not-audio.mp3');
    await writeFile(notAudio, 'plain text, not audio');
    const error = await transcribeAudioFile({
      inputPath: notAudio,
      demuxer: 'mp3',
      engine: new ChunkEchoEngine(1),
      workDir,
    }).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(AudioError);
    expect((error as AudioError).code).toBe('undecodable');
    expect(await readdir(workDir)).toEqual([]);
  });

  it('stops when its signal is aborted and cleans up', async () => {
    const workDir = freshWorkDir();
    const controller = new AbortController();
    const promise = transcribeAudioFile({
      inputPath: clip.path,
      demuxer: 'wav',
      engine: new ChunkEchoEngine(1),
      workDir,
      maxChunkSeconds: 10,
      signal: controller.signal,
      onProgress: (percent) => {
        if (percent > 0) controller.abort(new Error('job cancelled'));
      },
    });
    await expect(promise).rejects.toThrow('job cancelled');
    expect(await readdir(workDir)).toEqual([]);
  });
});
