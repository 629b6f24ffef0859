import { AppError } from '../errors/app-error.js';
import { freeDiskBytes, LOW_DISK_MESSAGE } from './free-disk.js';

export interface DiskReservation {
  release(): void;
}

/**
 * The bytes this process's uploads in flight may still write to the work folder's disk. An
 * upload is let in only when the free space, less what the others have reserved and less its own
 * size, stays above the floor: each alone passing a free-space check is not enough, since eight
 * uploads that each fit fill the disk together. Signed-in uploads and free trials share one.
 * Bytes already written count twice (in the free space and the reservation) until the upload
 * ends; that errs on the safe side.
 */
export class DiskReservations {
  private reserved = 0;

  constructor(
    private readonly directory: string,
    private readonly minFreeBytes: number,
  ) {}

  /** Holds `bytes` of the disk, or refuses (503) before anything is written. */
  async reserve(bytes: number): Promise<DiskReservation> {
    if (this.minFreeBytes <= 0) return { release: () => undefined };
    const free = await freeDiskBytes(this.directory);
    // Checked and counted with no await in between, so uploads arriving together see each other.
    if (free - this.reserved - bytes < this.minFreeBytes)
      throw new AppError('unavailable', LOW_DISK_MESSAGE);
    this.reserved += bytes;
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.reserved -= bytes;
      },
    };
  }
}
