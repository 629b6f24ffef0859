import { createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';

/** One file of a ZIP; its bytes are made or fetched only when the archive reaches it. */
export interface ZipEntry {
  /** The path inside the archive (`/` separates folders). */
  name: string;
  /** Deflate it (text); stored as it is (audio, already compressed). */
  compress: boolean;
  /** When the file was made, shown by unzip tools. */
  modified?: Date;
  open(): Promise<Readable>;
}

/**
 * Streams the entries one after the other through yazl into `filePath`, so memory holds one
 * entry's chunk at a time whatever the archive's size. Answers the archive's size in bytes.
 */
export async function writeZip(entries: readonly ZipEntry[], filePath: string): Promise<number> {
  const zip = new yazl.ZipFile();
  let fail: (error: unknown) => void = () => undefined;
  const failed = new Promise<never>((_resolve, reject) => {
    fail = reject;
  });
  zip.on('error', fail);
  for (const entry of entries) {
    zip.addReadStreamLazy(
      entry.name,
      { compress: entry.compress, ...(entry.modified ? { mtime: entry.modified } : {}) },
      (callback) => {
        entry.open().then(
          (stream) => {
            // yazl leaves a source's own errors (a storage read cut off) to its caller.
            stream.on('error', fail);
            callback(null, stream);
          },
          (error: unknown) => callback(error, undefined as unknown as Readable),
        );
      },
    );
  }
  zip.end();
  const output = createWriteStream(filePath);
  try {
    await Promise.race([pipeline(zip.outputStream, output), failed]);
  } finally {
    output.destroy();
  }
  return (await stat(filePath)).size;
}
