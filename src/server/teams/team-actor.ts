import { eq } from 'drizzle-orm';
import type { AuthenticatedUser } from '../accounts/authenticate.js';
import type { Database } from '../db/database.js';
import { user } from '../db/schema.js';
import { AppError } from '../errors/app-error.js';

/** Who acts on a team: named in the audit trail and in invitation emails. */
export interface TeamActor {
  id: string;
  name: string;
  email: string;
}

/** The caller with name and email: from the session, or read for an API key's user. */
export async function teamActorOf(db: Database, caller: AuthenticatedUser): Promise<TeamActor> {
  if (caller.session) {
    const { id, name, email } = caller.session;
    return { id, name, email };
  }
  const [row] = await db
    .select({ id: user.id, name: user.name, email: user.email })
    .from(user)
    .where(eq(user.id, caller.id))
    .limit(1);
  if (!row) throw new AppError('unauthenticated', 'Unauthorized');
  return row;
}
