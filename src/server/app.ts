import fastifyCompress from '@fastify/compress';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { fileURLToPath } from 'node:url';
import { accountsRoutes } from './accounts/accounts.routes.js';
import { createAuth, type Auth } from './accounts/auth.js';
import { resolveAuthSecret } from './accounts/auth-secret.js';
import { mountAuth } from './accounts/mount-auth.js';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/database.js';
import { registerCrossSiteGuard } from './http/cross-site-guard.js';
import { registerErrorHandler } from './http/error-handler.js';
import { registerWebApp } from './http/web-app.js';

export const DEFAULT_WEB_ROOT = fileURLToPath(new URL('../../dist/web', import.meta.url));

export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
  /** Where the built web app lives; tests may point elsewhere. */
  webRoot?: string;
  /** Loosened only by test suites that sign in many users from one address. */
  signInAttemptsPerMinute?: number;
  logger?: boolean;
}

export interface App {
  server: FastifyInstance;
  auth: Auth;
}

export async function buildApp(deps: AppDependencies): Promise<App> {
  const { config, database } = deps;
  const server = Fastify({
    logger: deps.logger === false ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  });

  const auth = createAuth({
    db: database.db,
    baseUrl: config.baseUrl,
    secret: resolveAuthSecret(config.authSecret, config.dataDir),
    oidc: config.oidc,
    signInAttemptsPerMinute: deps.signInAttemptsPerMinute ?? 10,
  });

  registerErrorHandler(server);
  await server.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'https://js.stripe.com'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'", 'https://api.stripe.com'],
        frameSrc: ['https://js.stripe.com', 'https://hooks.stripe.com'],
        workerSrc: ["'self'", 'blob:'],
        upgradeInsecureRequests: config.baseUrl.startsWith('https://') ? [] : null,
      },
    },
    hsts: config.baseUrl.startsWith('https://'),
  });
  await server.register(fastifyCompress, { global: true, threshold: 1024 });
  await server.register(fastifyRateLimit, { global: false });
  registerCrossSiteGuard(server, { baseUrl: config.baseUrl, exemptPaths: ['/api/billing/webhook'] });

  server.get('/api/health', async () => ({
    status: 'ok',
    database: database.kind,
  }));

  mountAuth(server, auth, config.baseUrl);
  const webApp = await registerWebApp(server, deps.webRoot ?? DEFAULT_WEB_ROOT);
  await server.register(accountsRoutes, {
    auth,
    db: database.db,
    baseUrl: config.baseUrl,
    oidcEnabled: config.oidc !== undefined,
    sendAppShell: webApp.sendAppShell,
  });

  return { server, auth };
}
