import { open, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeFormatSamples,
  makeNotAudioSamples,
  type FormatSamples,
  type NotAudioSamples,
} from '../../../../tests/fixtures/speech/audio-format-samples.js';
import { makeTempDirectory } from '../../../../tests/fixtures/speech/speech-fixtures.js';
import { demuxerOfFormat, sniffAudioFile, sniffAudioFormat } from './sniff-audio-format.js';

let directory: Awaited<ReturnType<typeof makeTempDirectory>>;
let formats: FormatSamples;
let notAudio: NotAudioSamples;

beforeAll(async () => {
  directory = await makeTempDirectory();
  formats = await makeFormatSamples(directory.path);
  notAudio = await makeNotAudioSamples(directory.path, formats.source);
});

afterAll(() => directory.remove());

describe('sniffAudioFile', () => {
  it('names the container and ffmpeg demuxer of every format people upload', async () => {
    for (const sample of formats.samples) {
      const sniffed = await sniffAudioFile(sample.file);
      expect(sniffed, sample.label).toMatchObject({
        format: sample.format,
        demuxer: sample.demuxer,
      });
      if (sample.format === 'ogg') expect(sniffed?.codec, sample.label).toBe(sample.codec);
    }
  });

  it('recognises WebM written live, without a duration, as a browser records it', async () => {
    expect(await sniffAudioFile(formats.liveWebm)).toEqual({ format: 'webm', demuxer: 'matroska' });
  });

  it('goes by the bytes, not the file name', async () => {
    const flac = formats.samples.find((sample) => sample.format === 'flac');
    if (!flac) throw new Error('no FLAC sample');
    const disguised = path.join(directory.path, 'disguised.mp3');
    await writeFile(disguised, await readStart(flac.file, 1_000_000));
    expect(await sniffAudioFile(disguised)).toEqual({ format: 'flac', demuxer: 'flac' });
  });

  it('rejects text, a PNG picture, an HLS playlist and an empty file', async () => {
    expect(await sniffAudioFile(notAudio.text)).toBeNull();
    expect(await sniffAudioFile(notAudio.png)).toBeNull();
    expect(await sniffAudioFile(notAudio.playlist)).toBeNull();
    expect(await sniffAudioFile(notAudio.empty)).toBeNull();
  });
});

describe('demuxerOfFormat', () => {
  it('gives a stored format the demuxer its upload was sniffed with, so workers need not sniff again', async () => {
    for (const sample of formats.samples) {
      const sniffed = await sniffAudioFile(sample.file);
      expect(sniffed && demuxerOfFormat(sniffed.format), sample.label).toBe(sample.demuxer);
    }
  });

  it('knows no demuxer for a format it never sniffs', () => {
    expect(demuxerOfFormat('hls')).toBeNull();
    expect(demuxerOfFormat('toString')).toBeNull();
  });
});

describe('sniffAudioFormat', () => {
  it('looks past an ID3 tag to the container behind it', async () => {
    const adts = formats.samples.find((sample) => sample.format === 'aac');
    if (!adts) throw new Error('no ADTS sample');
    const tag = Buffer.from([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 4, 0x54, 0x45, 0x53, 0x54]);
    const tagged = Buffer.concat([tag, await readStart(adts.file, 4096)]);
    expect(sniffAudioFormat(tagged)).toEqual({ format: 'aac', demuxer: 'aac' });
  });

  it('treats a file that is only an ID3 tag as MP3, for ffprobe to refuse', () => {
    const tagOnly = Buffer.from([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 0]);
    expect(sniffAudioFormat(tagOnly)).toEqual({ format: 'mp3', demuxer: 'mp3' });
  });

  it('refuses HEIF and AVIF pictures, which share the MP4 box layout', () => {
    const avif = Buffer.from('\0\0\0\x1cftypavif\0\0\0\0avifmif1miaf', 'latin1');
    expect(sniffAudioFormat(avif)).toBeNull();
  });

  it('refuses bytes that only look like a sync word', () => {
    expect(sniffAudioFormat(Buffer.from([0xff, 0xff, 0xff, 0xff, 0xff, 0xff]))).toBeNull();
    expect(sniffAudioFormat(Buffer.from([0xff]))).toBeNull();
  });
});

async function readStart(file: string, length: number): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
