import { buildApp } from './app.js';
import { boot } from './boot.js';
import { closeGracefully } from './http/connection-limits.js';

boot(async ({ config, database }) => {
  const { server } = await buildApp({ config, database });
  await server.listen({ port: config.port, host: config.host });
  server.log.info(
    { url: config.baseUrl, database: config.database.kind },
    `Sonoscript is serving on ${config.baseUrl}`,
  );
  // The one line a person at the terminal needs, plain among the JSON logs.
  process.stdout.write(`\nSonoscript is ready. Open ${config.baseUrl} in your browser.\n\n`);
  return async (signal) => {
    server.log.info({ signal }, 'shutting down');
    await closeGracefully(server, config.http.shutdownGraceMs, server.log);
  };
});
