/** PostgreSQL's code for a row that a unique index refused. */
const UNIQUE_VIOLATION = '23505';

/** Whether a query failed on a unique index (the driver's error, or Drizzle's wrapping it). */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error; typeof current === 'object' && current !== null;) {
    if ('code' in current && current.code === UNIQUE_VIOLATION) return true;
    current = 'cause' in current ? current.cause : undefined;
  }
  return false;
}
