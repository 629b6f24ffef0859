import { eq, like, sql } from 'drizzle-orm';
import type { Database } from '../../../db/database.js';
import { testBillingClock } from '../../../db/schema.js';

/** Each customer's clock is a row of its own; an older global row is no longer read. */
const clockId = (customerId: string) => `customer:${customerId}`;

/** Every customer's offset, for a renewal pass over all subscriptions. */
export type TestClocks = (customerId: string) => Date;

/**
 * Test mode's provider time for one customer: the wall clock plus an offset that only moves
 * forward, like a Stripe test clock attached to that customer. Moving it renews or expires that
 * customer's subscriptions only; everyone else's time is the wall clock.
 */
export async function readTestClock(db: Database, customerId: string | undefined): Promise<Date> {
  if (customerId === undefined) return new Date();
  const rows = await db
    .select({ offsetMs: testBillingClock.offsetMs })
    .from(testBillingClock)
    .where(eq(testBillingClock.id, clockId(customerId)));
  return new Date(Date.now() + (rows[0]?.offsetMs ?? 0));
}

export async function readAllTestClocks(db: Database): Promise<TestClocks> {
  const rows = await db
    .select()
    .from(testBillingClock)
    .where(like(testBillingClock.id, 'customer:%'));
  const offsets = new Map(rows.map((row) => [row.id, row.offsetMs]));
  const now = Date.now();
  return (customerId) => new Date(now + (offsets.get(clockId(customerId)) ?? 0));
}

export async function advanceTestClock(
  db: Database,
  customerId: string,
  milliseconds: number,
): Promise<Date> {
  await db
    .insert(testBillingClock)
    .values({ id: clockId(customerId), offsetMs: milliseconds })
    .onConflictDoUpdate({
      target: testBillingClock.id,
      set: { offsetMs: sql`${testBillingClock.offsetMs} + ${milliseconds}` },
    });
  return readTestClock(db, customerId);
}
