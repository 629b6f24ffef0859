import { setTimeout as sleep } from 'node:timers/promises';
import type { DatabaseHandle } from './database.js';
import { isDatabaseUnavailable } from './database-unavailable.js';

const RETRY_EVERY_MS = 2_000;

/**
 * Migrates, waiting for the database while it cannot be reached: a process started during a
 * database restart (or before the database) comes up when the database does, instead of exiting.
 */
export async function migrateWhenReachable(
  database: DatabaseHandle,
  log: { warn(details: object, message: string): void },
): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await database.migrate();
      return;
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      log.warn(
        { attempt, err: error },
        `the database is not reachable yet; trying again every ${RETRY_EVERY_MS / 1000} s`,
      );
      await sleep(RETRY_EVERY_MS);
    }
  }
}
