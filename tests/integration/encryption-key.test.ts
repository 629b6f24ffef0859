import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config.js';
import { KEY_CHECK_KEY } from '../../src/server/storage/encryption/encrypting-storage.js';
import { EncryptionKeyError } from '../../src/server/storage/encryption/master-key.js';
import { openStorage } from '../../src/server/storage/open-storage.js';

// The master key: where it comes from, what a first start makes, and what a wrong one stops.
let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'sonoscript-encryption-key-'));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

const newKey = () => randomBytes(32).toString('base64');

async function freshDataDir(): Promise<string> {
  const directory = path.join(scratch, randomBytes(6).toString('hex'));
  await mkdir(directory);
  return directory;
}

/** Every file under `directory` with a hash of its bytes: what "nothing changed" compares. */
async function snapshot(directory: string): Promise<Record<string, string>> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  const files: Record<string, string> = {};
  for (const entry of entries.filter((each) => each.isFile())) {
    const file = path.join(entry.parentPath, entry.name);
    files[path.relative(directory, file)] = createHash('sha256')
      .update(await readFile(file))
      .digest('hex');
  }
  return files;
}

function recordingLog() {
  const lines: string[] = [];
  return { lines, warn: (message: string) => lines.push(message) };
}

describe('the master key in the configuration', () => {
  it.each([
    [{ ENCRYPTION_KEY: 'c2hvcnQ=' }, 'ENCRYPTION_KEY'],
    [{ ENCRYPTION_KEY: 'not base64 at all!' }, 'ENCRYPTION_KEY'],
    [{ ENCRYPTION_KEY: newKey(), ENCRYPTION_KEY_FILE: '/nowhere' }, 'set one or neither'],
    [{ ENCRYPTION_KEY_FILE: '/nowhere/encryption.key' }, 'cannot read'],
  ])('refuses %o naming %s', (environment, problem) => {
    expect(() => loadConfig(environment)).toThrow(ConfigError);
    expect(() => loadConfig(environment)).toThrow(problem);
  });

  it('reads ENCRYPTION_KEY and ENCRYPTION_KEY_FILE, and refuses a file without 32 bytes', async () => {
    const key = newKey();
    expect(loadConfig({ ENCRYPTION_KEY: key }).encryption.masterKey?.toString('base64')).toBe(key);
    const file = path.join(scratch, 'operator.key');
    await writeFile(file, `${key}\n`);
    const config = loadConfig({ ENCRYPTION_KEY_FILE: file });
    expect(config.encryption.masterKey?.toString('base64')).toBe(key);
    await writeFile(file, randomBytes(16).toString('base64'));
    expect(() => loadConfig({ ENCRYPTION_KEY_FILE: file })).toThrow(/must hold 32 random bytes/);
  });
});

describe('a first start without a key', () => {
  it('generates an owner-only key file, says so once, and stores the key check', async () => {
    const dataDir = await freshDataDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    const log = recordingLog();
    await openStorage(config, log);
    const file = path.join(dataDir, 'encryption.key');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(Buffer.from((await readFile(file, 'utf8')).trim(), 'base64')).toHaveLength(32);
    expect(log.lines).toHaveLength(1);
    expect(log.lines[0]).toMatch(/Generated an encryption key into .*encryption\.key.*production/);
    const check = await readFile(path.join(config.audioDir, KEY_CHECK_KEY));
    expect(check.subarray(0, 8).toString('latin1')).toBe('SonoEnc\x01');

    const again = recordingLog();
    const storage = await openStorage(config, again);
    expect(again.lines).toEqual([]);
    expect(await storage.list('')).toEqual([]); // the key check is no one's object
  });

  it('refuses to make a new key where the storage already has one, changing nothing', async () => {
    const dataDir = await freshDataDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    await openStorage(config, recordingLog());
    await rm(path.join(dataDir, 'encryption.key'));
    const before = await snapshot(dataDir);
    await expect(openStorage(config, recordingLog())).rejects.toThrow(EncryptionKeyError);
    await expect(openStorage(config, recordingLog())).rejects.toThrow(/encryption\.key is missing/);
    expect(await snapshot(dataDir)).toEqual(before);
  });
});

describe('a wrong key', () => {
  it('is refused before anything is stored, and nothing is overwritten', async () => {
    const dataDir = await freshDataDir();
    const right = newKey();
    const storage = await openStorage(
      loadConfig({ DATA_DIR: dataDir, ENCRYPTION_KEY: right }),
      recordingLog(),
    );
    const audio = path.join(scratch, 'audio.upload');
    await writeFile(audio, randomBytes(100_000));
    await storage.putFile('kept.wav', audio);
    const before = await snapshot(dataDir);

    const wrong = loadConfig({ DATA_DIR: dataDir, ENCRYPTION_KEY: newKey() });
    await expect(openStorage(wrong, recordingLog())).rejects.toThrow(
      /does not open this storage.*nothing was changed/s,
    );
    expect(await snapshot(dataDir)).toEqual(before);
    const reopened = await openStorage(
      loadConfig({ DATA_DIR: dataDir, ENCRYPTION_KEY: right }),
      recordingLog(),
    );
    expect((await buffer(await reopened.read('kept.wav'))).length).toBe(100_000);
  });

  it('stops the server process at start with a clear message, before the database is opened', async () => {
    const dataDir = await freshDataDir();
    await openStorage(loadConfig({ DATA_DIR: dataDir, ENCRYPTION_KEY: newKey() }), recordingLog());
    const before = await snapshot(dataDir);
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: { PATH: process.env.PATH, DATA_DIR: dataDir, ENCRYPTION_KEY: newKey(), PORT: '0' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('The encryption key does not open this storage');
    expect(result.stderr).not.toContain('    at '); // a message, not a stack
    expect(existsSync(path.join(dataDir, 'db'))).toBe(false);
    expect(await snapshot(dataDir)).toEqual(before);
  });
});
