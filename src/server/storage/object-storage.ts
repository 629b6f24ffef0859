import type { Readable } from 'node:stream';

/** Where uploaded audio lives. Local disk today; S3-compatible storage can implement the same. */
export interface ObjectStorage {
  /** Moves a finished temporary file into storage under `key`. */
  putFile(key: string, sourcePath: string): Promise<void>;
  /** A local path for tools that need one (ffmpeg); for remote storage, a downloaded copy. */
  localPath(key: string): Promise<string>;
  read(key: string, range?: { start: number; end: number }): Readable;
  size(key: string): Promise<number>;
  delete(key: string): Promise<void>;
  /** A directory for temporary files on the same file system (so moves are renames). */
  readonly tempDir: string;
}
