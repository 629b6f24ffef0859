const UNITS = ['Bytes', 'KB', 'MB', 'GB', 'TB'] as const;
const BASE = 1024;

/**
 * Base 1024, two decimals, in the common implementation's form
 * `parseFloat((bytes / 1024 ** i).toFixed(2)) + ' ' + sizes[i]`: trailing zeros are dropped,
 * so 1024 gives '1 KB' (not '1.00 KB') and 1536 gives '1.5 KB'. Below 1 KB the count stays in
 * 'Bytes' (1023 -> '1023 Bytes'). TB is the largest unit; zero, negative and non-finite sizes give '0 Bytes'.
 */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  let unit = 0;
  let value = bytes;
  // A loop rather than Math.log: log(1024 ** n) / log(1024) can land just below n.
  while (value >= BASE && unit < UNITS.length - 1) {
    value /= BASE;
    unit += 1;
  }
  return `${parseFloat(value.toFixed(2))} ${UNITS[unit]}`;
}
