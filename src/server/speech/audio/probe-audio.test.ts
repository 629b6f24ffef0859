import { MESSAGES } from '../../../core/messages.js';
import { open, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeFormatSamples,
  makeNotAudioSamples,
  type FormatSamples,
  type NotAudioSamples,
} from '../../../../tests/fixtures/speech/audio-format-samples.js';
import {
  durationOf,
  makeTempDirectory,
  run,
} from '../../../../tests/fixtures/speech/speech-fixtures.js';
import { AudioError } from './audio-error.js';
import { probeAudio } from './probe-audio.js';
import { sniffAudioFile } from './sniff-audio-format.js';

let directory: Awaited<ReturnType<typeof makeTempDirectory>>;
let formats: FormatSamples;
let notAudio: NotAudioSamples;
let sourceSeconds: number;

beforeAll(async () => {
  directory = await makeTempDirectory();
  formats = await makeFormatSamples(directory.path);
  notAudio = await makeNotAudioSamples(directory.path, formats.source);
  sourceSeconds = await durationOf(formats.source);
});

afterAll(() => directory.remove());

async function rejection(promise: Promise<unknown>): Promise<AudioError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof AudioError))
    throw new Error(`expected an AudioError, got ${String(error)}`);
  return error;
}

describe('probeAudio', () => {
  it('reads codec, sample rate, channels and duration of every format', async () => {
    for (const sample of formats.samples) {
      const sniffed = await sniffAudioFile(sample.file);
      if (!sniffed) throw new Error(`${sample.label} was not sniffed`);
      const probe = await probeAudio(sample.file, sniffed.demuxer);
      expect(probe.codec, sample.label).toBe(sample.codec);
      expect(probe.channels, sample.label).toBe(1);
      expect(probe.sampleRate, sample.label).toBeGreaterThanOrEqual(16_000);
      expect(Math.abs(probe.durationSeconds - sourceSeconds), sample.label).toBeLessThan(0.1);
    }
  });

  it('measures WebM that states no duration, and raw AAC, from their packets', async () => {
    const stated = await run('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'format=duration',
      '-of',
      'csv=p=0',
      formats.liveWebm,
    ]);
    expect(stated.trim()).toMatch(/^(N\/A)?$/);
    const probe = await probeAudio(formats.liveWebm, 'matroska');
    expect(probe.codec).toBe('opus');
    expect(Math.abs(probe.durationSeconds - sourceSeconds)).toBeLessThan(0.1);
    const adts = formats.samples.find((sample) => sample.format === 'aac');
    if (!adts) throw new Error('no ADTS sample');
    expect(
      Math.abs((await probeAudio(adts.file, 'aac')).durationSeconds - sourceSeconds),
    ).toBeLessThan(0.1);
  });

  it('refuses an MP3 cut off after its first bytes as undecodable', async () => {
    const mp3 = formats.samples.find((sample) => sample.label === 'MP3 with an ID3 tag');
    if (!mp3) throw new Error('no MP3 sample');
    const truncated = path.join(directory.path, 'truncated.mp3');
    const handle = await open(mp3.file, 'r');
    const start = Buffer.alloc(300);
    await handle.read(start, 0, 300, 0);
    await handle.close();
    await writeFile(truncated, start);
    expect((await sniffAudioFile(truncated))?.demuxer).toBe('mp3');
    const error = await rejection(probeAudio(truncated, 'mp3'));
    expect(error.code).toBe('undecodable');
    expect(error.message).toBe(
      'This audio file could not be read. It may be damaged or incomplete.',
    );
    expect(error.detail).toBeTruthy();
  });

  it('refuses an HLS playlist even when told it is MP3, without following it', async () => {
    const error = await rejection(probeAudio(notAudio.playlist, 'mp3'));
    expect(error.code).toBe('undecodable');
  });

  it('answers unsupported for a video without sound', async () => {
    const silentVideo = path.join(directory.path, 'silent-video.mp4');
    await run('ffmpeg', [
      '-nostdin',
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'color=c=blue:s=64x64:d=1',
      '-c:v',
      'mpeg4',
      silentVideo,
    ]);
    expect((await sniffAudioFile(silentVideo))?.demuxer).toBe('mov');
    const error = await rejection(probeAudio(silentVideo, 'mov'));
    expect(error.code).toBe('unsupported');
    expect(error.message).toBe(MESSAGES.notAudio);
  });

  it('gives up with a timeout when ffprobe runs past its wall-clock limit', async () => {
    const error = await rejection(probeAudio(formats.source, 'wav', { timeoutMs: 1 }));
    expect(error.code).toBe('timeout');
  });
});
