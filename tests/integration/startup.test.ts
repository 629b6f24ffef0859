import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config.js';
import { openDatabase } from '../../src/server/db/database.js';

const scratch = mkdtempSync(path.join(tmpdir(), 'sonoscript-startup-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('start-up configuration', () => {
  it('has embedded defaults: PGlite in ./data/db, audio in ./data/audio, port 3000, test billing', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.database).toEqual({ kind: 'pglite', directory: path.resolve('data/db') });
    expect(config.audioDir).toBe(path.resolve('data/audio'));
    expect(config.billing).toEqual({ provider: 'test' });
    expect(config.transcription.engine).toBe('auto');
    expect(config.transcription.whisper.modelsDir).toBe(path.resolve('data/models'));
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://user@db.example:5432/sonoscript' });
    expect(config.database).toEqual({
      kind: 'postgres',
      url: 'postgres://user@db.example:5432/sonoscript',
    });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL'],
    [{ TRANSCRIPTION_ENGINE: 'magic' }, 'TRANSCRIPTION_ENGINE'],
    [{ STRIPE_SECRET_KEY: 'sk_test_123' }, 'STRIPE_SECRET_KEY'],
    [{ NODE_ENV: 'production', STRIPE_SECRET_KEY: '' }, 'AUTH_SECRET'],
  ])('refuses %o naming %s', (environment, variable) => {
    expect(() => loadConfig(environment)).toThrow(ConfigError);
    expect(() => loadConfig(environment)).toThrow(variable);
  });

  it('stops the server process at start-up with a message naming the bad variable', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: { ...process.env, PORT: 'eighty', DATA_DIR: scratch },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('PORT');
    expect(result.stderr).toContain('Invalid configuration');
  });
});

describe('embedded database lock', () => {
  it('refuses a second process on the same PGlite directory with a clear message', async () => {
    const directory = path.join(scratch, 'db');
    const first = await openDatabase({ kind: 'pglite', directory });
    try {
      const second = spawnSync(
        process.execPath,
        [
          '--import',
          'tsx',
          '-e',
          `import('./src/server/db/database.ts').then((m) => m.openDatabase({ kind: 'pglite', directory: ${JSON.stringify(directory)} })).then(() => process.exit(0), (e) => { process.stderr.write(e.message); process.exit(3); })`,
        ],
        { encoding: 'utf8', timeout: 60_000 },
      );
      expect(second.status).toBe(3);
      expect(second.stderr).toContain('is in use by process');
      expect(second.stderr).toContain('DATABASE_URL');
    } finally {
      await first.close();
    }
    // Once released, the directory opens again.
    const reopened = await openDatabase({ kind: 'pglite', directory });
    await reopened.close();
  });
});
