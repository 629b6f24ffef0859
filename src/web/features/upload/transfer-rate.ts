import { formatDuration } from '../../../core/format/format-duration';
import { formatFileSize } from '../../../core/format/format-file-size';

/** Speed over the last few seconds: steady enough to read, quick to follow a change of network. */
const WINDOW_MS = 5_000;

export interface TransferRate {
  bytesPerSecond: number;
  secondsLeft: number;
}

/** Samples of bytes sent over time, giving the recent speed and the time left at that speed. */
export class TransferRateMeter {
  private samples: Array<{ at: number; sent: number }> = [];

  add(sent: number, total: number, at = Date.now()): TransferRate | null {
    // A resumed upload starts again from where it stopped: earlier samples say nothing of now.
    const last = this.samples.at(-1);
    if (last && sent < last.sent) this.samples = [];
    this.samples.push({ at, sent });
    while (this.samples.length > 2 && at - (this.samples[0]?.at ?? at) > WINDOW_MS)
      this.samples.shift();
    const first = this.samples[0];
    if (!first || at - first.at < 500 || sent <= first.sent) return null;
    const bytesPerSecond = ((sent - first.sent) * 1000) / (at - first.at);
    return { bytesPerSecond, secondsLeft: (total - sent) / bytesPerSecond };
  }
}

/** "1.2 MB/s · 40 seconds left" */
export function describeTransferRate(rate: TransferRate): string {
  return `${formatFileSize(rate.bytesPerSecond)}/s · ${formatDuration(Math.max(1, rate.secondsLeft))} left`;
}
