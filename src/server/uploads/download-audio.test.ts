import { mkdtemp, rm, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../errors/app-error.js';
import { downloadAudio, isAudioOrVideoType } from './download-audio.js';

let server: Server;
let origin: string;
let directory: string;

beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 'download-audio-'));
  server = createServer((request, response) => {
    if (request.url === '/silent') return; // accepts, and never answers
    if (request.url === '/trickle') {
      response.writeHead(200, { 'content-type': 'audio/mpeg' });
      response.write(Buffer.alloc(10));
      return; // the body never ends
    }
    response.writeHead(200, { 'content-type': 'audio/mpeg; charset=binary' });
    response.end(Buffer.alloc(2000));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await rm(directory, { recursive: true, force: true });
});

const policy = { allowHosts: ['127.0.0.1'] };
const limit = (maxBytes: number) => ({
  maxBytes,
  exceeded: () => new AppError('payload_too_large', 'too large'),
});
const timeouts = { headersMs: 300, totalMs: 1000 };

describe('downloadAudio', () => {
  it('writes the file and counts its bytes', async () => {
    const target = path.join(directory, 'ok');
    const file = await downloadAudio(policy, `${origin}/show/Episode%201.mp3`, target, {
      limit: limit(5000),
      timeouts,
    });
    expect(file).toEqual({ filename: 'Episode 1.mp3', size: 2000 });
    expect((await stat(target)).size).toBe(2000);
  });

  it('gives up on a host that never answers, and on a body that never ends', async () => {
    const host = new URL(origin).host;
    await expect(
      downloadAudio(policy, `${origin}/silent`, path.join(directory, 'silent'), {
        limit: limit(5000),
        timeouts,
      }),
    ).rejects.toThrow(
      `The file could not be fetched from the link: ${host} did not answer in time.`,
    );
    await expect(
      downloadAudio(policy, `${origin}/trickle`, path.join(directory, 'trickle'), {
        limit: limit(5000),
        timeouts,
      }),
    ).rejects.toThrow(
      'The file took too long to download: nothing was imported. Try a faster host, or upload it.',
    );
  });

  it('stops at the limit', async () => {
    await expect(
      downloadAudio(policy, `${origin}/big.mp3`, path.join(directory, 'big'), {
        limit: limit(1500),
        timeouts,
      }),
    ).rejects.toThrow('too large');
  });

  it('knows audio and video types from the rest', () => {
    expect(isAudioOrVideoType('audio/mpeg')).toBe(true);
    expect(isAudioOrVideoType('video/mp4')).toBe(true);
    expect(isAudioOrVideoType('application/octet-stream')).toBe(false);
    expect(isAudioOrVideoType('text/html')).toBe(false);
    expect(isAudioOrVideoType('')).toBe(false);
  });
});
