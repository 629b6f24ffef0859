import type { FileHandle } from 'node:fs/promises';

const BLOCK_BYTES = 64 * 1024;

/** Reading past the end of the file. */
export class EndOfFileError extends Error {
  override name = 'EndOfFileError';
}

/** Sequential little-endian reads from a file, a block at a time, with cheap forward skips. */
export class FileCursor {
  position = 0;
  /** Where the reader is, in words, for messages about a file that ends too soon. */
  section = 'inside the header';
  private block = Buffer.alloc(0);
  private blockStart = 0;

  constructor(
    private readonly handle: FileHandle,
    readonly size: number,
  ) {}

  get remaining(): number {
    return this.size - this.position;
  }

  async bytes(count: number): Promise<Buffer> {
    if (count > this.remaining) {
      throw new EndOfFileError(`needs ${count} bytes at offset ${this.position}`);
    }
    const offset = this.position - this.blockStart;
    if (offset < 0 || offset + count > this.block.length) {
      const length = Math.min(Math.max(count, BLOCK_BYTES), this.remaining);
      const block = Buffer.alloc(length);
      const { bytesRead } = await this.handle.read(block, 0, length, this.position);
      if (bytesRead < count) throw new EndOfFileError(`short read at offset ${this.position}`);
      this.block = block.subarray(0, bytesRead);
      this.blockStart = this.position;
    }
    const start = this.position - this.blockStart;
    this.position += count;
    return this.block.subarray(start, start + count);
  }

  async int32(): Promise<number> {
    return (await this.bytes(4)).readInt32LE(0);
  }

  async uint32(): Promise<number> {
    return (await this.bytes(4)).readUInt32LE(0);
  }

  skip(count: number): void {
    if (count > this.remaining) {
      throw new EndOfFileError(`needs ${count} bytes at offset ${this.position}`);
    }
    this.position += count;
  }
}
