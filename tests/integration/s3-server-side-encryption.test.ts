import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config.js';
import { createS3Storage } from '../../src/server/storage/s3-storage.js';
import { startS3Server, type S3Server } from './support/s3-server.js';

// s3rver accepts the server-side encryption header but keeps objects as they are, so what is
// checked is the request itself: a recording proxy between the app's S3 client and s3rver.
let s3: S3Server;
let proxy: Server;
let proxyEndpoint: string;
let scratch: string;
const seen: Array<{ method: string; url: string; headers: IncomingHttpHeaders }> = [];

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'sonoscript-sse-'));
  s3 = await startS3Server();
  const target = new URL(s3.endpoint);
  proxy = createServer((incoming, answer) => {
    seen.push({
      method: incoming.method ?? '',
      url: incoming.url ?? '',
      headers: incoming.headers,
    });
    const upstream = request(
      {
        host: target.hostname,
        port: target.port,
        method: incoming.method,
        path: incoming.url,
        headers: incoming.headers,
      },
      (reply) => {
        answer.writeHead(reply.statusCode ?? 502, reply.headers);
        reply.pipe(answer);
      },
    );
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyEndpoint = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => proxy.close(resolve));
  await s3.close();
  await rm(scratch, { recursive: true, force: true });
});

function storage(serverSideEncryption: 'AES256' | 'aws:kms' | undefined) {
  return createS3Storage({
    bucket: s3.bucket,
    prefix: `${randomUUID()}/`,
    endpoint: proxyEndpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    serverSideEncryption,
  });
}

async function localFile(size: number): Promise<string> {
  const file = path.join(scratch, randomUUID());
  await writeFile(file, randomBytes(size));
  return file;
}

const uploadsOf = (key: string) =>
  seen.filter(
    (request) =>
      request.url.includes(key) && (request.method === 'PUT' || request.method === 'POST'),
  );

describe('S3_SSE', () => {
  it('is read from the environment, and only the values S3 knows are accepted', () => {
    const env = { STORAGE_URL: 's3://bucket' };
    const config = loadConfig({ ...env, S3_SSE: 'aws:kms' });
    expect(config.storage.kind === 's3' && config.storage.serverSideEncryption).toBe('aws:kms');
    expect(() => loadConfig({ ...env, S3_SSE: 'rot13' })).toThrow(ConfigError);
  });

  it('asks for server-side encryption on a single put and on every multipart upload', async () => {
    const place = storage('AES256');
    await place.putFile('small.wav', await localFile(1000));
    const small = uploadsOf('small.wav');
    expect(small.length).toBeGreaterThan(0);
    for (const put of small) expect(put.headers['x-amz-server-side-encryption']).toBe('AES256');

    await place.putFile('large.wav', await localFile(9 * 1024 * 1024 + 5));
    const start = uploadsOf('large.wav').filter((each) => each.url.includes('uploads'));
    expect(start.length).toBeGreaterThan(0);
    for (const post of start) expect(post.headers['x-amz-server-side-encryption']).toBe('AES256');
    expect(await place.size('large.wav')).toBe(9 * 1024 * 1024 + 5);
  });

  it('sends no such header when unset', async () => {
    await storage(undefined).putFile('unset.wav', await localFile(100));
    const puts = uploadsOf('unset.wav');
    expect(puts.length).toBeGreaterThan(0);
    for (const put of puts) expect(put.headers['x-amz-server-side-encryption']).toBeUndefined();
  });
});
