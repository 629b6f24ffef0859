import { spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.js';
import { createEncryptingStorage } from '../../src/server/storage/encryption/encrypting-storage.js';
import { encryptPlainObjects } from '../../src/server/storage/encryption/encrypt-plain-objects.js';
import { keyOpensCheck, writeKeyCheck } from '../../src/server/storage/encryption/key-check.js';
import { readGeneratedKey } from '../../src/server/storage/encryption/master-key.js';
import { rotateMasterKey } from '../../src/server/storage/encryption/rotate-master-key.js';
import { rotateStorageKey } from '../../src/server/storage/rotate-storage-key.js';
import { createLocalDiskStorage } from '../../src/server/storage/local-disk-storage.js';
import type { ObjectStorage } from '../../src/server/storage/object-storage.js';
import { openStorage } from '../../src/server/storage/open-storage.js';
import { createS3Storage } from '../../src/server/storage/s3-storage.js';
import { plainStorageFromConfig } from '../../src/server/storage/storage-from-config.js';
import { startS3Server, type S3Server } from './support/s3-server.js';

// Plain objects from before encryption swept into encrypted ones, and a master key rotated by
// re-wrapping data keys: on the real file system and a real S3-protocol server.
let scratch: string;
let s3: S3Server;
beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'sonoscript-encryption-migration-'));
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3.close();
  await rm(scratch, { recursive: true, force: true });
});

const PATTERN = Buffer.from('PLAIN-AUDIO-BEFORE-ENCRYPTION');
function audioLike(size: number): Buffer {
  const bytes = randomBytes(size);
  for (let at = 0; at + PATTERN.length <= size; at += 1000) PATTERN.copy(bytes, at);
  return bytes;
}

async function localFile(bytes: Buffer): Promise<string> {
  const file = path.join(scratch, `${randomUUID()}.upload`);
  await writeFile(file, bytes);
  return file;
}

async function rawBytes(inner: ObjectStorage, key: string): Promise<Buffer> {
  return buffer(await inner.read(key));
}

describe.each([
  ['local disk', () => createLocalDiskStorage(path.join(scratch, randomUUID()))],
  [
    'S3 (s3rver)',
    () =>
      createS3Storage({
        bucket: s3.bucket,
        prefix: `${randomUUID()}/`,
        endpoint: s3.endpoint,
        region: 'us-east-1',
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      }),
  ],
])('on %s', (_name, openInner) => {
  it('the sweep encrypts plain objects in place, and a second run finds nothing to do', async () => {
    const inner = openInner();
    const masterKey = randomBytes(32);
    const plain = new Map([
      ['old-1.wav', audioLike(200_000)],
      ['old-2.mp3', audioLike(65_536)],
      ['old-3.ogg', audioLike(10)],
    ]);
    for (const [key, bytes] of plain) await inner.putFile(key, await localFile(bytes));
    const storage = createEncryptingStorage(inner, [masterKey]);
    await storage.putFile('new.wav', await localFile(audioLike(1000)));
    const workDir = await mkdtemp(path.join(scratch, 'work-'));

    expect(await encryptPlainObjects({ inner, masterKey, workDir })).toBe(3);
    for (const [key, bytes] of plain) {
      const raw = await rawBytes(inner, key);
      expect(raw.subarray(0, 8).toString('latin1')).toBe('SonoEnc\x01');
      expect(raw.includes(PATTERN)).toBe(false);
      expect((await buffer(await storage.read(key))).equals(bytes)).toBe(true);
    }
    expect(await encryptPlainObjects({ inner, masterKey, workDir })).toBe(0);
    expect(await readdir(workDir)).toEqual([]);
  });

  it('rotation re-wraps every data key; afterwards the new key alone reads everything', async () => {
    const inner = openInner();
    const oldKey = randomBytes(32);
    const newKey = randomBytes(32);
    const storage = createEncryptingStorage(inner, [oldKey]);
    await writeKeyCheck(inner, oldKey);
    const objects = new Map<string, Buffer>();
    for (const size of [0, 1, 65_535, 65_536, 65_537, 300_000]) {
      const key = `object-${size}.wav`;
      objects.set(key, audioLike(size));
      await storage.putFile(key, await localFile(objects.get(key) as Buffer));
    }
    const chunksBefore = new Map<string, Buffer>();
    for (const key of objects.keys())
      chunksBefore.set(key, (await rawBytes(inner, key)).subarray(88));

    const rotate = async (onObject?: (key: string) => void) =>
      rotateMasterKey({
        inner,
        oldKey,
        newKey,
        workDir: await mkdtemp(path.join(scratch, 'rotate-')),
        onObject,
      });
    // Interrupted after two objects …
    let seen = 0;
    await expect(
      rotate(() => {
        seen += 1;
        if (seen === 2) throw new Error('killed');
      }),
    ).rejects.toThrow('killed');
    expect(await keyOpensCheck(inner, oldKey)).toBe(true); // the check is rewritten last
    // … and run again: it finishes.
    const report = await rotate();
    expect(report.rewrapped + report.alreadyNew).toBe(objects.size);
    expect(report.alreadyNew).toBeGreaterThanOrEqual(2);

    const renewed = createEncryptingStorage(inner, [newKey]);
    for (const [key, bytes] of objects) {
      expect((await buffer(await renewed.read(key))).equals(bytes)).toBe(true);
      // The data was not re-encrypted: the chunks after the header are the same bytes.
      expect(
        (await rawBytes(inner, key)).subarray(88).equals(chunksBefore.get(key) as Buffer),
      ).toBe(true);
      await expect(storage.read(key)).rejects.toThrow(/another key/);
    }
    expect(await keyOpensCheck(inner, newKey)).toBe(true);
    expect(await keyOpensCheck(inner, oldKey)).toBe(false);
  });
});

describe('npm run rotate-key', () => {
  it('re-wraps an installation with a generated key and puts the new key in its place', async () => {
    const dataDir = await mkdtemp(path.join(scratch, 'installation-'));
    const config = loadConfig({ DATA_DIR: dataDir });
    const storage = await openStorage(config, { warn: () => undefined });
    const bytes = audioLike(150_000);
    await storage.putFile('kept.wav', await localFile(bytes));
    const newKeyFile = path.join(scratch, 'new.key');
    const newKey = randomBytes(32);
    await writeFile(newKeyFile, newKey.toString('base64'));

    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'src/server/rotate-key.ts', newKeyFile],
      { env: { PATH: process.env.PATH, DATA_DIR: dataDir }, encoding: 'utf8', timeout: 60_000 },
    );
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/Re-wrapped 1 object/);
    expect(readGeneratedKey(config.encryption.generatedKeyFile)?.equals(newKey)).toBe(true);
    expect((await stat(config.encryption.generatedKeyFile)).mode & 0o777).toBe(0o600);
    const reopened = await openStorage(loadConfig({ DATA_DIR: dataDir }), {
      warn: () => undefined,
    });
    expect((await buffer(await reopened.read('kept.wav'))).equals(bytes)).toBe(true);
    const inner = plainStorageFromConfig(config.storage);
    expect(await keyOpensCheck(inner, newKey)).toBe(true);
    expect((await readFile(path.join(config.audioDir, 'kept.wav'))).includes(PATTERN)).toBe(false);
  });
});

describe('an online rotation', () => {
  it('re-wraps while every object is read over and over, and no read fails', async () => {
    const dataDir = await mkdtemp(path.join(scratch, 'online-'));
    const oldKey = randomBytes(32).toString('base64');
    const newKey = randomBytes(32).toString('base64');
    const before = await openStorage(loadConfig({ DATA_DIR: dataDir, ENCRYPTION_KEY: oldKey }), {
      warn: () => undefined,
    });
    const objects = new Map<string, Buffer>();
    for (let index = 0; index < 40; index++) {
      const bytes = audioLike(50_000 + index * 7_919);
      objects.set(`object-${index}.wav`, bytes);
      await before.putFile(`object-${index}.wav`, await localFile(bytes));
    }
    // Every process restarted with the new key, the old one as previous: the start is accepted.
    const rotating = loadConfig({
      DATA_DIR: dataDir,
      ENCRYPTION_KEY: newKey,
      ENCRYPTION_PREVIOUS_KEY: oldKey,
    });
    const serving = await openStorage(rotating, { warn: () => undefined });
    await serving.putFile('written-meanwhile.wav', await localFile(audioLike(70_000)));

    let reads = 0;
    const failures: string[] = [];
    let rotated = false;
    const reader = async () => {
      while (!rotated) {
        for (const [key, bytes] of objects) {
          try {
            const range = { start: 1000, end: 40_000 };
            const part = await buffer(await serving.read(key, range));
            if (!part.equals(bytes.subarray(1000, 40_001))) failures.push(`${key}: other bytes`);
            reads += 1;
          } catch (error) {
            failures.push(`${key}: ${String(error)}`);
          }
        }
      }
    };
    const readers = [reader(), reader()];
    const report = await rotateStorageKey(rotating, undefined);
    rotated = true;
    await Promise.all(readers);
    expect(failures).toEqual([]);
    expect(reads).toBeGreaterThan(objects.size);
    expect(report.rewrapped).toBe(objects.size);
    expect(report.alreadyNew).toBe(1);

    // Afterwards the new key alone opens the storage and everything in it.
    const after = await openStorage(loadConfig({ DATA_DIR: dataDir, ENCRYPTION_KEY: newKey }), {
      warn: () => undefined,
    });
    for (const [key, bytes] of objects) {
      expect((await buffer(await after.read(key))).equals(bytes)).toBe(true);
    }
    await expect(
      openStorage(loadConfig({ DATA_DIR: dataDir, ENCRYPTION_KEY: oldKey }), {
        warn: () => undefined,
      }),
    ).rejects.toThrow(/does not open this storage/);
  });
});
