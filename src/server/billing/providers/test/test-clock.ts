import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/database.js';
import { testBillingClock } from '../../../db/schema.js';

const CLOCK_ID = 'test-clock';

/**
 * Test mode's provider time: the wall clock plus an offset that only moves forward, like a
 * Stripe test clock. Tests advance it to reach the end of a billing period.
 */
export async function readTestClock(db: Database): Promise<Date> {
  const rows = await db
    .select({ offsetMs: testBillingClock.offsetMs })
    .from(testBillingClock)
    .where(eq(testBillingClock.id, CLOCK_ID));
  return new Date(Date.now() + (rows[0]?.offsetMs ?? 0));
}

export async function advanceTestClock(db: Database, milliseconds: number): Promise<Date> {
  await db
    .insert(testBillingClock)
    .values({ id: CLOCK_ID, offsetMs: milliseconds })
    .onConflictDoUpdate({
      target: testBillingClock.id,
      set: { offsetMs: sql`${testBillingClock.offsetMs} + ${milliseconds}` },
    });
  return readTestClock(db);
}
