import type { FastifyBaseLogger } from 'fastify';
import { createSessionCache } from './accounts/session-revocations.js';
import type { SessionCache } from './accounts/session-cache.js';
import { createSignInThrottle, type SignInThrottle } from './accounts/sign-in-throttle.js';
import { createPaidStateCache } from './billing/paid-state-changes.js';
import type { PaidStateCache } from './billing/paid-state-cache.js';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/database.js';
import { startUserChangeChannels } from './db/user-change-channels.js';
import { acceptsHostname, warnWithoutBaseUrl } from './http/accepted-hosts.js';
import { originResolver, type OriginOf } from './http/request-origin.js';
import { LibraryChanges } from './transcriptions/library/library-changes.js';
import { LibraryReadCache } from './transcriptions/library/library-read-cache.js';
import { UploadReservations } from './uploads/upload-reservations.js';

/**
 * What only a process that answers HTTP keeps in memory: the caches of sessions, plans and
 * library reads (kept current by the change channels, also from other processes), and the
 * uploads in flight. Workers have none of it (`services.ts` builds what both share).
 */
export interface ApiState {
  originOf: OriginOf;
  sessions: SessionCache;
  paidStates: PaidStateCache;
  libraryReads: LibraryReadCache;
  /** Wakes open streams when a user's library (or team membership) changes. */
  libraryChanges: LibraryChanges;
  /** One per process: the web app's and the developer API's uploads share each user's limits. */
  uploads: UploadReservations;
  /** Failed password sign-ins per account and address, counted by this process. */
  signInThrottle: SignInThrottle;
  close(): Promise<void>;
}

export async function startApiState(
  config: Config,
  database: DatabaseHandle,
  log: FastifyBaseLogger,
): Promise<ApiState> {
  warnWithoutBaseUrl(config, log);
  const sessions = createSessionCache(database, config.memoryCaches.sessionBytes);
  const plans = createPaidStateCache(database);
  const libraryReads = new LibraryReadCache({ maxBytes: config.memoryCaches.libraryBytes });
  const libraryChanges = new LibraryChanges();
  const changeChannels = await startUserChangeChannels(
    database,
    [sessions.listener, plans.listener, libraryReads.listener, libraryChanges],
    log,
  );
  return {
    originOf: originResolver(
      config.fixedOrigin,
      config.baseUrl,
      acceptsHostname(config.allowedHosts),
    ),
    sessions: sessions.cache,
    paidStates: plans.paidStates,
    libraryReads,
    libraryChanges,
    uploads: new UploadReservations(),
    signInThrottle: createSignInThrottle(),
    close: async () => {
      await changeChannels.close();
      sessions.cache.close();
      plans.paidStates.close();
      libraryReads.close();
    },
  };
}
