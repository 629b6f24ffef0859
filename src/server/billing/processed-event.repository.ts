import { eq } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { processedPaymentEvents } from '../db/schema.js';
import type { ProviderName } from './providers/billing-provider.js';

export async function isEventProcessed(db: Database, eventId: string): Promise<boolean> {
  const rows = await db
    .select({ id: processedPaymentEvents.id })
    .from(processedPaymentEvents)
    .where(eq(processedPaymentEvents.id, eventId))
    .limit(1);
  return rows.length > 0;
}

/** True for the first delivery of an event; false when its id was already stored. */
export async function recordEvent(
  db: Database,
  event: { id: string; type: string; provider: ProviderName },
): Promise<boolean> {
  const rows = await db
    .insert(processedPaymentEvents)
    .values(event)
    .onConflictDoNothing()
    .returning({ id: processedPaymentEvents.id });
  return rows.length > 0;
}
