import type { Readable } from 'node:stream';

/** A stored object made available as a local file, for tools that need one (ffmpeg). */
export interface FetchedObject {
  path: string;
  /** Removes the local copy; the stored object stays. */
  release(): Promise<void>;
}

/**
 * Where uploaded audio lives: local disk by default, or S3-compatible object storage. Callers
 * never assume a local file: they upload a finished file and fetch a copy into their own work
 * folder when a tool needs one.
 */
export interface ObjectStorage {
  /** Stores a finished local file under `key`; the source file is consumed. */
  putFile(key: string, sourcePath: string): Promise<void>;
  /** A local copy of the object inside `workDir`, to release when done. */
  fetch(key: string, workDir: string): Promise<FetchedObject>;
  /** The object's bytes, or the inclusive byte range of them. */
  read(key: string, range?: { start: number; end: number }): Promise<Readable>;
  size(key: string): Promise<number>;
  /** Deleting a key that does not exist is not an error. */
  delete(key: string): Promise<void>;
  /** The objects whose keys start with `prefix`, and when each was stored. */
  list(prefix: string): Promise<StoredObject[]>;
}

export interface StoredObject {
  key: string;
  storedAt: Date;
}

/** Keys are transcription ids with an extension; nothing that could climb out of a folder. */
const SAFE_KEY = /^[A-Za-z0-9_-]+(\.[A-Za-z0-9]+)?$/;

export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key)) throw new Error(`Invalid storage key: ${key}`);
}

/** A listing's prefix: the start of a key, or nothing for every key. */
export function assertSafePrefix(prefix: string): void {
  if (!/^[A-Za-z0-9_-]*$/.test(prefix)) throw new Error(`Invalid storage key prefix: ${prefix}`);
}
