import { describe, expect, it } from 'vitest';
import { formatFileSize } from './format-file-size.js';

describe('formatFileSize', () => {
  it.each([
    [0, '0 Bytes'],
    [1, '1 Bytes'],
    [1023, '1023 Bytes'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [1100, '1.07 KB'],
    [1024 ** 2 - 1, '1024 KB'],
    [1024 ** 2, '1 MB'],
    [100 * 1024 ** 2, '100 MB'],
    [1024 ** 3, '1 GB'],
    [10 * 1024 ** 3, '10 GB'],
    [1024 ** 4, '1 TB'],
    [2.5 * 1024 ** 4, '2.5 TB'],
    [2048 * 1024 ** 4, '2048 TB'],
  ])('%d bytes -> %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });

  it('treats negative and non-finite sizes as 0', () => {
    expect(formatFileSize(-1)).toBe('0 Bytes');
    expect(formatFileSize(-5000)).toBe('0 Bytes');
    expect(formatFileSize(Number.NaN)).toBe('0 Bytes');
    expect(formatFileSize(Number.POSITIVE_INFINITY)).toBe('0 Bytes');
  });
});
