import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/server';
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { resumableUploads } from '../../db/schema.js';

export interface UploadLeaseTiming {
  /** How long a lease lasts unless renewed: a crashed holder's lease passes after this. */
  leaseMs: number;
  /** How often the holder renews it and looks whether another request waits. */
  renewMs: number;
  /** How often a waiting request tries again. */
  retryMs: number;
  /** A request waits this long at most, then fails (the client retries). */
  acquireTimeoutMs: number;
}

const DEFAULT_TIMING: UploadLeaseTiming = {
  leaseMs: 30_000,
  renewMs: 1_000,
  retryMs: 100,
  acquireTimeoutMs: 30_000,
};

/**
 * tus's lock on an upload, held in the upload's database row so it holds across API processes
 * (tus's MemoryLocker holds only within one). A waiting request asks the holder to let go; the
 * holder sees that within `renewMs` and ends its request, as MemoryLocker's holder would: that is
 * how a client resuming after a cut connection takes over from the request the server still
 * thinks is alive, even on another process.
 */
export class UploadLeaseLocker implements Locker {
  private readonly timing: UploadLeaseTiming;

  constructor(
    private readonly db: Database,
    timing: Partial<UploadLeaseTiming> = {},
  ) {
    this.timing = { ...DEFAULT_TIMING, ...timing };
  }

  newLock(id: string): Lock {
    return new UploadLease(this.db, id, this.timing);
  }
}

class UploadLease implements Lock {
  private readonly token = randomUUID();
  private renewal: NodeJS.Timeout | undefined;
  private held = false;

  constructor(
    private readonly db: Database,
    private readonly id: string,
    private readonly timing: UploadLeaseTiming,
  ) {}

  async lock(signal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const deadline = Date.now() + this.timing.acquireTimeoutMs;
    for (;;) {
      if (signal.aborted) throw ERRORS.ABORTED;
      const outcome = await this.tryTake();
      if (outcome === 'taken' || outcome === 'no-upload') break;
      if (Date.now() > deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
      await this.askHolderToRelease();
      await new Promise((resolve) => setTimeout(resolve, this.timing.retryMs));
    }
    this.renewal = setInterval(() => {
      void this.renew().then(
        (releaseWanted) => {
          if (releaseWanted) void requestRelease();
        },
        () => undefined,
      );
    }, this.timing.renewMs);
    this.renewal.unref();
  }

  async unlock(): Promise<void> {
    clearInterval(this.renewal);
    if (!this.held) return;
    this.held = false;
    await this.db
      .update(resumableUploads)
      .set({ lockToken: null, lockedUntil: null, releaseRequested: false })
      .where(and(eq(resumableUploads.id, this.id), eq(resumableUploads.lockToken, this.token)));
  }

  /** An upload with no row yet (being created) or no more (gone) has nothing to protect. */
  private async tryTake(): Promise<'taken' | 'busy' | 'no-upload'> {
    const taken = await this.db
      .update(resumableUploads)
      .set({
        lockToken: this.token,
        lockedUntil: sql`now() + ${`${this.timing.leaseMs} milliseconds`}::interval`,
        releaseRequested: false,
      })
      .where(
        and(
          eq(resumableUploads.id, this.id),
          sql`(${resumableUploads.lockToken} IS NULL OR ${resumableUploads.lockedUntil} < now())`,
        ),
      )
      .returning({ id: resumableUploads.id });
    if (taken.length === 1) {
      this.held = true;
      return 'taken';
    }
    const [exists] = await this.db
      .select({ id: resumableUploads.id })
      .from(resumableUploads)
      .where(eq(resumableUploads.id, this.id));
    return exists ? 'busy' : 'no-upload';
  }

  private async askHolderToRelease(): Promise<void> {
    await this.db
      .update(resumableUploads)
      .set({ releaseRequested: true })
      .where(eq(resumableUploads.id, this.id));
  }

  /** Extends the lease; true when another request asked for the lock. */
  private async renew(): Promise<boolean> {
    if (!this.held) return false;
    const [row] = await this.db
      .update(resumableUploads)
      .set({ lockedUntil: sql`now() + ${`${this.timing.leaseMs} milliseconds`}::interval` })
      .where(and(eq(resumableUploads.id, this.id), eq(resumableUploads.lockToken, this.token)))
      .returning({ releaseRequested: resumableUploads.releaseRequested });
    return row?.releaseRequested ?? false;
  }
}
