import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalDiskStorage } from '../../src/server/storage/local-disk-storage.js';
import { deleteStaleObjects } from '../../src/server/storage/delete-stale-objects.js';
import type { ObjectStorage } from '../../src/server/storage/object-storage.js';
import { createEncryptingStorage } from '../../src/server/storage/encryption/encrypting-storage.js';
import { createS3Storage } from '../../src/server/storage/s3-storage.js';
import { startS3Server, type S3Server } from './support/s3-server.js';

// One contract, two implementations: whatever a feature relies on holds on local disk and on S3.
let scratch: string;
let s3: S3Server;

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'sonoscript-storage-'));
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3.close();
  await rm(scratch, { recursive: true, force: true });
});

const onLocalDisk = (place: string) => createLocalDiskStorage(path.join(scratch, place));
const onS3 = (place: string) =>
  createS3Storage({
    bucket: s3.bucket,
    prefix: `${place}/`,
    endpoint: s3.endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
const masterKey = randomBytes(32);

const implementations: Array<[string, (place: string) => ObjectStorage]> = [
  ['local disk', onLocalDisk],
  ['S3 (s3rver)', onS3],
  ['local disk, encrypted', (place) => createEncryptingStorage(onLocalDisk(place), [masterKey])],
  ['S3 (s3rver), encrypted', (place) => createEncryptingStorage(onS3(place), [masterKey])],
];

async function localFile(bytes: Buffer): Promise<string> {
  const file = path.join(scratch, `${randomUUID()}.upload`);
  await writeFile(file, bytes);
  return file;
}

describe.each(implementations)('object storage on %s', (_name, open) => {
  let storage: ObjectStorage;
  let workDir: string;
  beforeAll(async () => {
    storage = open(randomUUID());
    workDir = await mkdtemp(path.join(scratch, 'work-'));
  });

  it('stores a file under its key, consuming the source, and gives back the same bytes', async () => {
    const bytes = randomBytes(64 * 1024);
    const source = await localFile(bytes);
    await storage.putFile('a1.wav', source);
    expect(existsSync(source)).toBe(false);
    expect(await storage.size('a1.wav')).toBe(bytes.length);
    expect(await buffer(await storage.read('a1.wav'))).toEqual(bytes);
  });

  it('reads inclusive byte ranges, as audio players ask for them', async () => {
    const bytes = randomBytes(10_000);
    await storage.putFile('ranged.mp3', await localFile(bytes));
    const middle = await buffer(await storage.read('ranged.mp3', { start: 100, end: 199 }));
    expect(middle).toEqual(bytes.subarray(100, 200));
    const last = await buffer(await storage.read('ranged.mp3', { start: 9_999, end: 9_999 }));
    expect(last).toEqual(bytes.subarray(9_999));
  });

  it('stores a file larger than one upload part whole', async () => {
    const bytes = randomBytes(9 * 1024 * 1024 + 123);
    await storage.putFile('large.flac', await localFile(bytes));
    expect(await storage.size('large.flac')).toBe(bytes.length);
    const tail = await buffer(
      await storage.read('large.flac', { start: bytes.length - 1000, end: bytes.length - 1 }),
    );
    expect(tail).toEqual(bytes.subarray(bytes.length - 1000));
  });

  it('fetches a local copy into the caller’s work folder and releases it, the object staying', async () => {
    const bytes = randomBytes(4096);
    await storage.putFile('fetched.ogg', await localFile(bytes));
    const copy = await storage.fetch('fetched.ogg', workDir);
    expect(path.dirname(copy.path)).toBe(workDir);
    expect(await readFile(copy.path)).toEqual(bytes);
    await storage.delete('fetched.ogg');
    expect(await readFile(copy.path)).toEqual(bytes); // a running job survives a delete
    await copy.release();
    expect(existsSync(copy.path)).toBe(false);
  });

  it('forgets a deleted object; deleting it again is no error', async () => {
    await storage.putFile('gone.wav', await localFile(randomBytes(100)));
    await storage.delete('gone.wav');
    await expect(storage.size('gone.wav')).rejects.toThrow();
    await expect(storage.read('gone.wav')).rejects.toThrow();
    await expect(storage.fetch('gone.wav', workDir)).rejects.toThrow();
    await expect(storage.delete('gone.wav')).resolves.toBeUndefined();
  });

  it('refuses keys that could reach outside its place', async () => {
    const source = await localFile(randomBytes(10));
    await expect(storage.putFile('../escape.wav', source)).rejects.toThrow(/Invalid storage key/);
    await expect(storage.size('a/b.wav')).rejects.toThrow(/Invalid storage key/);
    await expect(storage.read('..')).rejects.toThrow(/Invalid storage key/);
  });

  it('lists the objects under a prefix, in its own place only, with when each was stored', async () => {
    const place = open(randomUUID());
    const before = Date.now() - 5_000; // S3 and file times are whole seconds on some systems
    for (const key of ['trial-1', 'trial-2', 'triangle.wav', 'live-1.pcm']) {
      await place.putFile(key, await localFile(randomBytes(10)));
    }
    await storage.putFile('trial-elsewhere', await localFile(randomBytes(10)));
    const listed = await place.list('trial-');
    expect(listed.map((object) => object.key).sort()).toEqual(['trial-1', 'trial-2']);
    for (const object of listed) {
      expect(object.storedAt.getTime()).toBeGreaterThan(before);
      expect(object.storedAt.getTime()).toBeLessThan(Date.now() + 5_000);
    }
    expect(await place.list('nothing-')).toEqual([]);
    await expect(place.list('../')).rejects.toThrow(/Invalid storage key prefix/);
  });

  it('deletes what a killed process left under the transient prefixes, nothing newer, nothing else', async () => {
    const place = open(randomUUID());
    for (const key of ['trial-left', 'live-left.pcm', 'kept-transcript.wav']) {
      await place.putFile(key, await localFile(randomBytes(10)));
    }
    const prefixes = ['trial-', 'live-'];
    // Everything here was stored just now: a cut-off an hour ago leaves it.
    expect(await deleteStaleObjects(place, prefixes, new Date(Date.now() - 3_600_000))).toBe(0);
    expect(await deleteStaleObjects(place, prefixes, new Date(Date.now() + 60_000))).toBe(2);
    expect((await place.list('')).map((object) => object.key)).toEqual(['kept-transcript.wav']);
  });

  it('keeps two places apart: the same key in another place is another object', async () => {
    const other = open(randomUUID());
    await storage.putFile('shared-name.wav', await localFile(Buffer.from('first')));
    await expect(other.size('shared-name.wav')).rejects.toThrow();
    await other.putFile('shared-name.wav', await localFile(Buffer.from('second!')));
    expect(await storage.size('shared-name.wav')).toBe(5);
    expect(await other.size('shared-name.wav')).toBe(7);
  });
});
