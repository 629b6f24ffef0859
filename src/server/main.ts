import { buildApp } from './app.js';
import { closeGracefully } from './http/connection-limits.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { DATABASE_CONNECTION_LOST } from './db/database-unavailable.js';
import { migrateWhenReachable } from './db/migrate-when-reachable.js';
import { DatabaseLockedError } from './db/pglite-lock.js';
import { createLogger } from './logger.js';
import { keepDataOwnerOnly, restrictToOwner } from './owner-only-files.js';

async function main() {
  const config = loadConfig();
  keepDataOwnerOnly(config);
  const log = createLogger(config);
  const database = await openDatabase(config.database, {
    onConnectionLost: (error) => log.warn({ err: error }, DATABASE_CONNECTION_LOST),
  });
  await migrateWhenReachable(database, log);
  if (config.database.kind === 'pglite') restrictToOwner(config.database.directory);
  const { server } = await buildApp({ config, database });

  let shuttingDown = false;
  async function shutdown(signal: string) {
    if (shuttingDown) return;
    shuttingDown = true;
    server.log.info({ signal }, 'shutting down');
    await closeGracefully(server, config.http.shutdownGraceMs, server.log);
    await database.close();
    process.exit(0);
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await server.listen({ port: config.port, host: config.host });
  server.log.info(
    { url: config.baseUrl, database: config.database.kind },
    `Sonoscript is serving on ${config.baseUrl}`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DatabaseLockedError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `Sonoscript failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
