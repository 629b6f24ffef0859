import { describe, expect, it } from 'vitest';
import { recordingName } from './recording-name';

describe('recordingName', () => {
  it('names a recording by its local start date and time, to the minute', () => {
    expect(recordingName(new Date(2026, 10, 27, 14, 5, 59))).toBe('Recording 2026-11-27 14:05');
  });

  it('pads months, days, hours and minutes, and counts hours from 00 to 23', () => {
    expect(recordingName(new Date(2027, 0, 3, 0, 0))).toBe('Recording 2027-01-03 00:00');
    expect(recordingName(new Date(2027, 11, 31, 23, 9))).toBe('Recording 2027-12-31 23:09');
  });
});
