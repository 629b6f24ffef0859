import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../database.js';
import { encryptionKeys } from '../schema.js';
import { registerDatabaseKey } from './field-keys.js';

const DATABASE_KEY_ID = 'database';
const WRAP_CONTEXT = Buffer.from('Sonoscript database key', 'utf8');

function wrapKey(masterKey: Buffer, dataKey: Buffer): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', masterKey, nonce);
  cipher.setAAD(WRAP_CONTEXT);
  const body = Buffer.concat([cipher.update(dataKey), cipher.final()]);
  return Buffer.concat([nonce, body, cipher.getAuthTag()]).toString('base64');
}

function unwrapKey(masterKey: Buffer, wrapped: string): Buffer | undefined {
  const bytes = Buffer.from(wrapped, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', masterKey, bytes.subarray(0, 12));
  decipher.setAAD(WRAP_CONTEXT);
  decipher.setAuthTag(bytes.subarray(bytes.length - 16));
  try {
    return Buffer.concat([
      decipher.update(bytes.subarray(12, bytes.length - 16)),
      decipher.final(),
    ]);
  } catch {
    return undefined;
  }
}

async function readWrapped(db: Database): Promise<string | undefined> {
  const [row] = await db
    .select({ wrapped: encryptionKeys.wrapped })
    .from(encryptionKeys)
    .where(eq(encryptionKeys.id, DATABASE_KEY_ID));
  return row?.wrapped;
}

/** The master key does not open the database key: the process stops, nothing changed. */
export class DatabaseKeyError extends Error {
  override name = 'DatabaseKeyError';
}

export const wrongDatabaseKeyError = () =>
  new DatabaseKeyError(
    'The encryption key does not open this database: its transcripts were encrypted under ' +
      'another master key. Set ENCRYPTION_KEY or ENCRYPTION_KEY_FILE to that key (after `npm run ' +
      'rotate-key`, to the new one). Nothing was started and nothing was changed.',
  );

/**
 * At every start: the installation's database key, unwrapped by a key of the master key ring
 * (the current key first) and made the key this process encrypts transcripts under. The first
 * start makes one; processes starting together keep whichever was inserted first.
 */
export async function openDatabaseKey(
  db: Database,
  masterKeys: readonly Buffer[],
): Promise<Buffer> {
  const [current] = masterKeys;
  if (!current) throw new Error('openDatabaseKey needs the master key');
  let wrapped = await readWrapped(db);
  if (wrapped === undefined) {
    await db
      .insert(encryptionKeys)
      .values({ id: DATABASE_KEY_ID, wrapped: wrapKey(current, randomBytes(32)) })
      .onConflictDoNothing();
    wrapped = await readWrapped(db);
  }
  const opener = masterKeys.findIndex((masterKey) => unwrapKey(masterKey, wrapped ?? ''));
  const key = opener >= 0 ? unwrapKey(masterKeys[opener] as Buffer, wrapped ?? '') : undefined;
  if (!key) throw wrongDatabaseKeyError();
  // Mid-rotation (ENCRYPTION_PREVIOUS_KEY opened it): one row, re-wrapped under the current key
  // at once; processes still on the previous key hold the database key in memory already.
  if (opener > 0) await rewrapDatabaseKey(db, masterKeys[opener] as Buffer, current);
  registerDatabaseKey(key);
  return key;
}

/**
 * `npm run rotate-key`: the database key wrapped under `newKey` instead of `oldKey`; no row is
 * re-encrypted. Already under the new key (a repeated run) is left as it is.
 */
export async function rewrapDatabaseKey(
  db: Database,
  oldKey: Buffer,
  newKey: Buffer,
): Promise<'rewrapped' | 'already' | 'none'> {
  const wrapped = await readWrapped(db);
  if (wrapped === undefined) return 'none';
  if (unwrapKey(newKey, wrapped)) return 'already';
  const key = unwrapKey(oldKey, wrapped);
  if (!key) throw wrongDatabaseKeyError();
  await db
    .update(encryptionKeys)
    .set({ wrapped: wrapKey(newKey, key) })
    .where(and(eq(encryptionKeys.id, DATABASE_KEY_ID), eq(encryptionKeys.wrapped, wrapped)));
  return 'rewrapped';
}

/**
 * The database key, for a backup: unwrapped by a key of the ring; undefined when the database has
 * none yet.
 */
export async function readDatabaseKey(
  db: Database,
  masterKeys: readonly Buffer[],
): Promise<Buffer | undefined> {
  const wrapped = await readWrapped(db);
  if (wrapped === undefined) return undefined;
  const key = masterKeys
    .map((masterKey) => unwrapKey(masterKey, wrapped))
    .find((each) => each !== undefined);
  if (!key) throw wrongDatabaseKeyError();
  return key;
}

/** A restore: the backup's database key, wrapped under this installation's master key. */
export async function storeDatabaseKey(
  db: Database,
  dataKey: Buffer,
  masterKey: Buffer,
): Promise<void> {
  const wrapped = wrapKey(masterKey, dataKey);
  await db
    .insert(encryptionKeys)
    .values({ id: DATABASE_KEY_ID, wrapped })
    .onConflictDoUpdate({ target: encryptionKeys.id, set: { wrapped } });
}
