import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freeDiskBytes } from '../../../src/server/storage/free-disk.js';

const execFileAsync = promisify(execFile);

export interface SmallDisk {
  path: string;
  /** Free bytes on it now. */
  free(): Promise<number>;
  /** MIN_FREE_DISK_MB that leaves `roomBytes` for uploads and jobs above the floor. */
  minFreeLeaving(roomBytes: number): Promise<string>;
  remove(): Promise<void>;
}

/**
 * A file system of `megabytes` for DATA_DIR, so a test can fill it: a tmpfs mounted by the test
 * (it runs as root) and removed afterwards. Where mounting is not allowed, a folder on the real
 * disk, whose floor is then set from its actual free space, as the tmpfs's is.
 */
export async function makeSmallDisk(megabytes: number): Promise<SmallDisk> {
  const directory = await mkdtemp(path.join(tmpdir(), 'sonoscript-small-disk-'));
  const mounted = await execFileAsync('mount', [
    '-t',
    'tmpfs',
    '-o',
    `size=${megabytes}m`,
    'tmpfs',
    directory,
  ]).then(
    () => true,
    () => false,
  );
  const free = () => freeDiskBytes(directory);
  return {
    path: directory,
    free,
    async minFreeLeaving(roomBytes) {
      return String(Math.floor(((await free()) - roomBytes) / (1024 * 1024)));
    },
    async remove() {
      if (mounted) await execFileAsync('umount', [directory]);
      await rm(directory, { recursive: true, force: true });
    },
  };
}
