import { readFileSync } from 'node:fs';
import { ConfigError, decodeMasterKey, loadConfig } from './config.js';
import { EncryptionKeyError } from './storage/encryption/master-key.js';
import { rotateStorageKey } from './storage/rotate-storage-key.js';
import { DatabaseKeyError } from './db/encryption/database-key.js';
import type { DatabaseRotation } from './db/encryption/rotate-database-key.js';

/**
 * `npm run rotate-key -- NEW_KEY_FILE` (offline), or `npm run rotate-key` with
 * ENCRYPTION_PREVIOUS_KEY set (online, see the README): re-wraps the database key and every stored object's data key under the master
 * key in NEW_KEY_FILE (32 bytes in base64), without re-encrypting the audio. Resumable: run it
 * again after an interruption. Then point ENCRYPTION_KEY or ENCRYPTION_KEY_FILE at the new key.
 */
const DATABASE_KEY_OUTCOMES: Record<DatabaseRotation, string> = {
  rewrapped: 'Re-wrapped the database key.',
  already: 'The database key was under the new key already.',
  none: 'No database key yet: the first start makes one under the new key.',
  'in use': 'The running server re-wrapped the database key when it started with the new key.',
};

async function main(): Promise<number> {
  const file = process.argv[2];
  if (process.argv.length > 3) {
    process.stderr.write('Usage: npm run rotate-key [-- NEW_KEY_FILE]\n');
    return 2;
  }
  let newKey: Buffer | undefined;
  try {
    newKey = file ? decodeMasterKey(readFileSync(file, 'utf8')) : undefined;
  } catch (error) {
    process.stderr.write(`Cannot read ${file}: ${(error as Error).message}\n`);
    return 1;
  }
  if (file && !newKey) {
    process.stderr.write(`${file} must hold 32 random bytes in base64 (openssl rand -base64 32)\n`);
    return 1;
  }
  try {
    const config = loadConfig();
    let done = 0;
    const report = await rotateStorageKey(config, newKey, () => {
      done += 1;
      if (done % 100 === 0) process.stdout.write(`${done} objects…\n`);
    });
    process.stdout.write(
      `${DATABASE_KEY_OUTCOMES[report.databaseKey]}\n` +
        `Re-wrapped ${report.rewrapped} object(s); ${report.alreadyNew} were already under the new key; ` +
        `${report.plain} stored before encryption are left to the running server's sweep.\n` +
        (report.keyFileReplaced
          ? `${report.keyFileReplaced} now holds the new key. Restart the server.\n`
          : file
            ? 'Now set ENCRYPTION_KEY or ENCRYPTION_KEY_FILE to the new key on every process and restart them.\n'
            : 'Every object is under ENCRYPTION_KEY now: ENCRYPTION_PREVIOUS_KEY can be removed.\n'),
    );
    return 0;
  } catch (error) {
    if (
      !(error instanceof ConfigError) &&
      !(error instanceof EncryptionKeyError) &&
      !(error instanceof DatabaseKeyError)
    )
      throw error;
    process.stderr.write(`${error.message}\n`);
    return 1;
  }
}

process.exitCode = await main();
