// Encryption at rest, measured: storing, reading whole and reading 200 ranges of a ~60 MB file,
// plain against encrypted, on local disk and on s3rver (a real S3-protocol server on this machine).
// Usage: npm run bench:encryption [-- --megabytes 60]
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createEncryptingStorage } from '../src/server/storage/encryption/encrypting-storage.js';
import { createLocalDiskStorage } from '../src/server/storage/local-disk-storage.js';
import type { ObjectStorage } from '../src/server/storage/object-storage.js';
import { createS3Storage } from '../src/server/storage/s3-storage.js';
import { startS3Server } from '../tests/integration/support/s3-server.js';

const megabytesFlag = process.argv.indexOf('--megabytes');
const MEGABYTES = megabytesFlag > 0 ? Number(process.argv[megabytesFlag + 1]) : 60;
const SIZE = MEGABYTES * 1024 * 1024;
const RANGES = 200;
const RANGE_BYTES = 256 * 1024; // what a browser's audio element asks for at a time, roughly
const ROUNDS = 3;

const scratch = mkdtempSync(path.join(tmpdir(), 'sonoscript-bench-encryption-'));
const content = randomBytes(SIZE);

async function drain(storage: ObjectStorage, key: string, range?: { start: number; end: number }) {
  let bytes = 0;
  await pipeline(
    await storage.read(key, range),
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        bytes += chunk.length;
        done();
      },
    }),
  );
  return bytes;
}

async function timed(action: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await action();
  return performance.now() - started;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function measure(name: string, storage: ObjectStorage) {
  const store: number[] = [];
  const read: number[] = [];
  const ranges: number[] = [];
  let peakRss = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const source = path.join(scratch, `source-${round}`);
    writeFileSync(source, content);
    const key = `bench-${round}.wav`;
    store.push(await timed(() => storage.putFile(key, source)));
    read.push(
      await timed(async () => {
        if ((await drain(storage, key)) !== SIZE) throw new Error('short read');
      }),
    );
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
    let seed = round + 1;
    ranges.push(
      await timed(async () => {
        for (let index = 0; index < RANGES; index++) {
          seed = (seed * 1664525 + 1013904223) % 2 ** 32;
          const start = Math.floor((seed / 2 ** 32) * (SIZE - RANGE_BYTES));
          await drain(storage, key, { start, end: start + RANGE_BYTES - 1 });
        }
      }),
    );
    await storage.delete(key);
  }
  const line = {
    storage: name,
    storeMs: Math.round(median(store)),
    readWholeMs: Math.round(median(read)),
    readMBps: Math.round(MEGABYTES / (median(read) / 1000)),
    rangeMs: Number((median(ranges) / RANGES).toFixed(2)),
    rssMB: Math.round(peakRss / 1024 / 1024),
  };
  process.stdout.write(`${JSON.stringify(line)}\n`);
}

const s3 = await startS3Server();
try {
  const key = randomBytes(32);
  const onS3 = (prefix: string) =>
    createS3Storage({
      bucket: s3.bucket,
      prefix,
      endpoint: s3.endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
  process.stdout.write(
    `${MEGABYTES} MB of random bytes, median of ${ROUNDS} rounds; ranges: ${RANGES} reads of 256 KiB at random offsets\n`,
  );
  await measure('local disk, plain', createLocalDiskStorage(path.join(scratch, 'plain')));
  await measure(
    'local disk, encrypted',
    createEncryptingStorage(createLocalDiskStorage(path.join(scratch, 'encrypted')), [key]),
  );
  await measure('s3rver, plain', onS3('plain/'));
  await measure('s3rver, encrypted', createEncryptingStorage(onS3('encrypted/'), [key]));
} finally {
  await s3.close();
  rmSync(scratch, { recursive: true, force: true });
}
