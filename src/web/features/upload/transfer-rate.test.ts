import { describe, expect, it } from 'vitest';
import { describeTransferRate, TransferRateMeter } from './transfer-rate';

describe('TransferRateMeter', () => {
  it('gives the recent speed and the time left at it', () => {
    const meter = new TransferRateMeter();
    expect(meter.add(0, 10_000_000, 0)).toBeNull();
    const rate = meter.add(2_000_000, 10_000_000, 2_000);
    expect(rate).toEqual({ bytesPerSecond: 1_000_000, secondsLeft: 8 });
    expect(describeTransferRate(rate!)).toMatch(/\/s · 8 seconds left$/);
  });

  it('starts over when a resumed upload reports less than before', () => {
    const meter = new TransferRateMeter();
    meter.add(5_000_000, 10_000_000, 0);
    meter.add(6_000_000, 10_000_000, 1_000);
    expect(meter.add(4_000_000, 10_000_000, 2_000)).toBeNull();
    expect(meter.add(4_500_000, 10_000_000, 3_000)).toEqual({
      bytesPerSecond: 500_000,
      secondsLeft: 11,
    });
  });
});
