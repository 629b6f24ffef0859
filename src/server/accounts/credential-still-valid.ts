import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { apiKeys, user } from '../db/schema.js';
import type { Auth } from './auth.js';
import type { StreamCredential } from './signed-in-streams.js';

/** Whether a stream's session or API key still belongs to its user, asked of the database. */
export async function credentialStillValid(
  deps: { auth: Auth; db: Database },
  userId: string,
  credential: StreamCredential,
): Promise<boolean> {
  if (credential.kind === 'key') {
    const rows = await deps.db
      .select({ id: apiKeys.id })
      .from(apiKeys)
      .innerJoin(user, eq(user.id, apiKeys.userId))
      .where(
        and(eq(apiKeys.id, credential.keyId), eq(apiKeys.userId, userId), isNull(user.disabledAt)),
      )
      .limit(1);
    return rows.length > 0;
  }
  // Never from the session cache: this is the check that overrides it.
  const session = await deps.auth.api.getSession({
    headers: new Headers({ cookie: credential.cookieHeader }),
  });
  return session?.user.id === userId;
}
