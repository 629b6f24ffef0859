import { createHmac, hkdfSync } from 'node:crypto';

/** A database data key and the keys derived from it for the blind index and line keys. */
export interface FieldKey {
  data: Buffer;
  /** HMAC key of the search index's tokens. */
  index: Buffer;
  /** HMAC key of the keys under which a transcript's lines are stored. */
  lines: Buffer;
}

const derive = (data: Buffer, purpose: string) =>
  Buffer.from(hkdfSync('sha256', data, Buffer.alloc(0), `sonoscript ${purpose}`, 32));

// Process-wide because Drizzle's column types encode values without knowing the database they
// go to. One process serves one database in production; tests open several one after another, so
// every key seen still decrypts and the newest encrypts.
const registered: FieldKey[] = [];

export class DatabaseKeyMissingError extends Error {
  override name = 'DatabaseKeyMissingError';
}

/** Makes `data` the key new values are encrypted under; keys seen before still decrypt. */
export function registerDatabaseKey(data: Buffer): void {
  const seen = registered.findIndex((key) => key.data.equals(data));
  if (seen >= 0) registered.splice(seen, 1);
  registered.unshift({ data, index: derive(data, 'search index'), lines: derive(data, 'lines') });
}

export function currentFieldKey(): FieldKey {
  const key = registered[0];
  if (!key)
    throw new DatabaseKeyMissingError(
      'The database key is not open: the process must open it (openDatabaseKey) before it reads or writes transcripts.',
    );
  return key;
}

export function registeredFieldKeys(): readonly FieldKey[] {
  return registered;
}

/** A keyed hash in hex: equal inputs give equal outputs only to someone holding the key. */
export function keyedHash(key: Buffer, value: string, hexCharacters: number): string {
  return createHmac('sha256', key).update(value, 'utf8').digest('hex').slice(0, hexCharacters);
}
