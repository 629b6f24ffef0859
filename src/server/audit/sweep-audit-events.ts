import type { DatabaseHandle } from '../db/database.js';
import { withRawTransaction } from '../db/raw-transaction.js';

/** Events deleted per statement, so a first sweep over years stays a series of short ones. */
const BATCH = 5_000;

/**
 * Deletes the audit events older than `days`: the one delete the database allows on the trail,
 * which its trigger lets through only in a transaction that says it is the sweep. Answers how
 * many were deleted.
 */
export async function sweepAuditEvents(
  database: DatabaseHandle,
  days: number,
  now: Date = new Date(),
): Promise<number> {
  let deleted = 0;
  for (;;) {
    const count = await withRawTransaction(database, async (executeSql) => {
      await executeSql("SET LOCAL sonoscript.audit_sweep = 'on'");
      const { rows } = await executeSql(
        `DELETE FROM audit_events WHERE id IN (
           SELECT id FROM audit_events
           WHERE at < $1::timestamptz - make_interval(days => $2::integer)
           LIMIT ${BATCH})
         RETURNING id`,
        [now.toISOString(), days],
      );
      return rows.length;
    });
    deleted += count;
    if (count < BATCH) return deleted;
  }
}
