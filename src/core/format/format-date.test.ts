import { describe, expect, it } from 'vitest';
import { formatDate } from './format-date.js';

describe('formatDate', () => {
  it("uses 'MMM d, yyyy'", () => {
    expect(formatDate(new Date(2025, 2, 5, 12))).toBe('Mar 5, 2025');
    expect(formatDate(new Date(2024, 11, 31, 12))).toBe('Dec 31, 2024');
  });

  it('reads ISO strings and timestamps', () => {
    const noon = new Date(2025, 3, 29, 12);
    expect(formatDate(noon.toISOString())).toBe('Apr 29, 2025');
    expect(formatDate(noon.getTime())).toBe('Apr 29, 2025');
  });

  it('gives an empty text for an unreadable date', () => {
    expect(formatDate('not a date')).toBe('');
  });
});
