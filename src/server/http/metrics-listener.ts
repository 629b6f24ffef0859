import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { registerErrorHandler } from './error-handler.js';
import { metricsRoutes } from './metrics.routes.js';

/**
 * A worker process answers no HTTP but does the jobs and the speech: with WORKER_METRICS_PORT and
 * METRICS_TOKEN set it answers `GET /metrics` on that port, and nothing else.
 */
export async function startMetricsListener(options: {
  port: number;
  host: string;
  token: string;
}): Promise<{ address: string; close(): Promise<void> }> {
  const server = Fastify({ logger: false });
  server.setValidatorCompiler(validatorCompiler);
  server.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(server);
  await server.register(metricsRoutes, { token: options.token });
  const address = await server.listen({ port: options.port, host: options.host });
  return { address, close: () => server.close() };
}
