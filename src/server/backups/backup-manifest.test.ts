import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readManifest, type BackupManifest } from './backup-manifest.js';

const valid: BackupManifest = {
  format: 'sonoscript-backup',
  formatVersion: 1,
  createdAt: '2026-11-28T05:00:00.000Z',
  app: { name: 'Sonoscript', version: '0.1.0' },
  database: {
    kind: 'pglite',
    serverVersion: '17.5',
    migrations: [{ hash: 'abc', createdAt: 1 }],
    tables: [{ name: 'users', columns: ['id'], rows: 1, file: 'database/users.ndjson.gz' }],
  },
  objects: { storage: 'local', location: '/data/audio', copied: true, keys: [], missing: [] },
  files: [{ path: 'database/users.ndjson.gz', bytes: 10, sha256: 'a'.repeat(64) }],
};

describe('the backup manifest', () => {
  let folder: string;
  beforeEach(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'sonoscript-manifest-'));
  });
  afterEach(() => rm(folder, { recursive: true, force: true }));

  const write = (manifest: unknown) =>
    writeFile(path.join(folder, 'manifest.json'), JSON.stringify(manifest));

  it('reads a manifest of this format', async () => {
    await write(valid);
    expect(await readManifest(folder)).toEqual(valid);
  });

  it('says a folder without one is not a finished backup', async () => {
    await expect(readManifest(folder)).rejects.toThrow(/holds no manifest.json/);
  });

  it.each([
    ['a file outside the backup', { files: [{ ...valid.files[0], path: '../etc/passwd' }] }],
    ['an absolute path', { files: [{ ...valid.files[0], path: '/etc/passwd' }] }],
    [
      'an object key that climbs out of the audio folder',
      { objects: { ...valid.objects, keys: [{ key: '../db/x', bytes: 1 }] } },
    ],
  ])('refuses %s', async (_case, change) => {
    await write({ ...valid, ...change });
    await expect(readManifest(folder)).rejects.toThrow(/is not a manifest this version reads/);
  });
});
