import { open, rm } from 'node:fs/promises';
import { chunkCount, CHUNK_BYTES, createHeader, encryptChunk } from './encrypted-object-format.js';

/** Writes `sourcePath` encrypted to `targetPath` (a new file), one chunk in memory at a time. */
export async function encryptFile(
  masterKey: Buffer,
  sourcePath: string,
  targetPath: string,
): Promise<void> {
  const source = await open(sourcePath, 'r');
  try {
    const target = await open(targetPath, 'wx', 0o600);
    try {
      const { size } = await source.stat();
      const { header, bytes } = createHeader(masterKey, size);
      await target.write(bytes);
      const plaintext = Buffer.alloc(CHUNK_BYTES);
      for (let index = 0; index < chunkCount(size); index++) {
        const wanted = Math.min(CHUNK_BYTES, size - index * CHUNK_BYTES);
        let read = 0;
        while (read < wanted) {
          const position = index * CHUNK_BYTES + read;
          const { bytesRead } = await source.read(plaintext, read, wanted - read, position);
          if (bytesRead === 0) throw new Error(`${sourcePath} shrank while it was encrypted`);
          read += bytesRead;
        }
        await target.write(encryptChunk(header, index, plaintext.subarray(0, wanted)));
      }
    } catch (error) {
      await target.close();
      await rm(targetPath, { force: true });
      throw error;
    }
    await target.close();
  } finally {
    await source.close();
  }
}
