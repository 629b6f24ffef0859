import { eq } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { user } from '../db/schema.js';

export async function markEmailVerified(db: Database, userId: string): Promise<void> {
  await db
    .update(user)
    .set({ emailVerified: true, updatedAt: new Date() })
    .where(eq(user.id, userId));
}
