import { open, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeTempDirectory,
  run,
  speak,
} from '../../../../tests/fixtures/speech/speech-fixtures.js';
import { AudioEnvironmentError, AudioError } from './audio-error.js';
import { decodeAudio } from './decode-audio.js';
import { readPcmRange } from './read-pcm-range.js';

let directory: Awaited<ReturnType<typeof makeTempDirectory>>;
let speech45: string;

beforeAll(async () => {
  directory = await makeTempDirectory();
  const sentence = path.join(directory.path, 'sentence.wav');
  await speak(
    'we are reading the same sentence again and again to make a long recording',
    sentence,
  );
  speech45 = path.join(directory.path, 'speech-45s.mp3');
  await run('ffmpeg', [
    '-nostdin',
    '-v',
    'error',
    '-y',
    '-stream_loop',
    '-1',
    '-i',
    sentence,
    '-t',
    '45',
    '-c:a',
    'libmp3lame',
    '-b:a',
    '48k',
    speech45,
  ]);
});

afterAll(() => directory.remove());

describe('decodeAudio', () => {
  it('cuts 45 s of speech to exactly 30 s of 16 kHz mono PCM', async () => {
    const outputPath = path.join(directory.path, 'first-30s.pcm');
    const decoded = await decodeAudio({
      inputPath: speech45,
      demuxer: 'mp3',
      outputPath,
      maxSeconds: 30,
    });
    expect(decoded.sampleCount).toBe(30 * 16_000);
    expect(decoded.durationSeconds).toBe(30);
    expect((await stat(outputPath)).size).toBe(30 * 16_000 * 2);
    const samples = await readPcmRange(outputPath, {
      startSample: 0,
      endSample: decoded.sampleCount,
    });
    expect(samples.reduce((peak, value) => Math.max(peak, Math.abs(value)), 0)).toBeGreaterThan(
      1000,
    );
  });

  it('decodes the whole file when no limit is given', async () => {
    const decoded = await decodeAudio({
      inputPath: speech45,
      demuxer: 'mp3',
      outputPath: path.join(directory.path, 'all.pcm'),
    });
    expect(Math.abs(decoded.durationSeconds - 45)).toBeLessThan(0.1);
  });

  it('refuses a truncated MP3 as undecodable, with ffmpeg’s reason kept for the logs', async () => {
    const truncated = path.join(directory.path, 'truncated.mp3');
    const handle = await open(speech45, 'r');
    const start = Buffer.alloc(300);
    await handle.read(start, 0, 300, 0);
    await handle.close();
    await writeFile(truncated, start);
    const error = await decodeAudio({
      inputPath: truncated,
      demuxer: 'mp3',
      outputPath: path.join(directory.path, 'truncated.pcm'),
    }).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(AudioError);
    expect((error as AudioError).code).toBe('undecodable');
    expect((error as AudioError).detail).toMatch(/\S/);
  });

  it('stops ffmpeg at its wall-clock limit, as a failure worth another try', async () => {
    const error = await decodeAudio({
      inputPath: speech45,
      demuxer: 'mp3',
      outputPath: path.join(directory.path, 'slow.pcm'),
      timeoutMs: 1,
    }).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(AudioEnvironmentError);
  });

  it('tells a full disk apart from a damaged file: the audio is not blamed', async () => {
    // Every write to /dev/full fails with ENOSPC, as on a disk that has filled up.
    const error = await decodeAudio({
      inputPath: speech45,
      demuxer: 'mp3',
      outputPath: '/dev/full',
    }).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(AudioEnvironmentError);
    expect(error).not.toBeInstanceOf(AudioError);
    expect((error as Error).message).toMatch(/No space left on device/);
  });
});
