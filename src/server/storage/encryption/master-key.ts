import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { decodeMasterKey, type Config } from '../../config.js';

export class EncryptionKeyError extends Error {
  override name = 'EncryptionKeyError';
}

/**
 * The configured master key, else the one generated into the data folder, made (owner-only) if
 * it is not there yet.
 */
export function resolveMasterKey(encryption: Config['encryption']): {
  key: Buffer;
  generated: boolean;
} {
  if (encryption.masterKey) return { key: encryption.masterKey, generated: false };
  const existing = readGeneratedKey(encryption.generatedKeyFile);
  if (existing) return { key: existing, generated: false };
  const key = randomBytes(32);
  mkdirSync(path.dirname(encryption.generatedKeyFile), { recursive: true });
  // 'wx': two processes starting at once must not replace each other's key.
  try {
    writeFileSync(encryption.generatedKeyFile, `${key.toString('base64')}\n`, {
      mode: 0o600,
      flag: 'wx',
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const raced = readGeneratedKey(encryption.generatedKeyFile);
    if (!raced) throw error;
    return { key: raced, generated: false };
  }
  return { key, generated: true };
}

export function readGeneratedKey(file: string): Buffer | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const key = decodeMasterKey(text);
  if (!key)
    throw new EncryptionKeyError(
      `${file} does not hold a 32-byte key in base64: restore it from where you keep it, or set ENCRYPTION_KEY.`,
    );
  return key;
}

/** The keys that may open what is encrypted: the current one first, then a previous one. */
export function masterKeyRing(encryption: Config['encryption']): Buffer[] {
  const { key } = resolveMasterKey(encryption);
  return encryption.previousKey ? [key, encryption.previousKey] : [key];
}
