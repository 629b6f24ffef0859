import fastifyCompress from '@fastify/compress';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { fileURLToPath } from 'node:url';
import { registerAccountDeletion } from './accounts/account-deletion-plugin.js';
import { accountsRoutes } from './accounts/accounts.routes.js';
import { createAuth, type Auth } from './accounts/auth.js';
import { resolveAuthSecret } from './accounts/auth-secret.js';
import { mountAuth } from './accounts/mount-auth.js';
import { registerBilling, type Billing } from './billing/billing-plugin.js';
import type { StripeApiAddress } from './billing/providers/stripe-client.js';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/database.js';
import { registerCrossSiteGuard } from './http/cross-site-guard.js';
import { registerErrorHandler } from './http/error-handler.js';
import { registerWebApp } from './http/web-app.js';
import fastifyMultipart from '@fastify/multipart';
import { MAX_UPLOAD_BYTES } from '../core/plans.js';
import { startJobQueue, type JobQueue, type JobQueueOptions } from './jobs/job-queue.js';
import { startTranscriptionWorkers } from './jobs/transcription-workers.js';
import { speechEngineFromConfig } from './speech/engine-from-config.js';
import type { SpeechEngine } from './speech/engines/engine.js';
import { createLocalDiskStorage } from './storage/local-disk-storage.js';
import type { ObjectStorage } from './storage/object-storage.js';
import { freeTrialRoutes } from './transcriptions/free-trial.routes.js';
import { transcriptionsRoutes } from './transcriptions/transcriptions.routes.js';
import { transcriptionEditsRoutes } from './transcriptions/transcription-edits.routes.js';
import { shareRoutes } from './transcriptions/share.routes.js';
import { exportsRoutes } from './transcriptions/exports.routes.js';
import { searchRoutes } from './search/search.routes.js';
import { contactRoutes } from './contact/contact.routes.js';
import { siteRoutes } from './site/site.routes.js';

export const DEFAULT_WEB_ROOT = fileURLToPath(new URL('../../dist/web', import.meta.url));

export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
  /** Where the built web app lives; tests may point elsewhere. */
  webRoot?: string;
  /** Loosened only by test suites that sign in many users from one address. */
  signInAttemptsPerMinute?: number;
  logger?: boolean;
  jobQueue?: JobQueueOptions;
  /** Start in-process transcription workers (defaults to config.runWorkers). */
  runWorkers?: boolean;
  freeTrialsPerHour?: number;
  contactMessagesPerHour?: number;
  /** Tests point the Stripe SDK at a local fake Stripe. */
  stripeApi?: StripeApiAddress;
}

export interface App {
  server: FastifyInstance;
  auth: Auth;
  storage: ObjectStorage;
  queue: JobQueue;
  billing: Billing;
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
    log: (level, message) => server.log[level]({ component: 'auth' }, message),
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
  registerCrossSiteGuard(server, {
    baseUrl: config.baseUrl,
    exemptPaths: ['/api/billing/webhook'],
  });

  // Started now so the log says which engine runs and why, and whisper's model is loaded once.
  const speech = await speechEngineFromConfig(config, server.log);
  server.get('/api/health', async () => ({
    status: 'ok',
    database: database.kind,
    engine: speech.engine.name,
    model: speech.engine.model,
    engineReason: speech.choice.reason,
  }));

  const storage = createLocalDiskStorage(config.audioDir);
  const queue = await startJobQueue(database, deps.jobQueue);
  const speechEngine = (): SpeechEngine => speech.engine;
  server.addHook('onClose', async () => {
    // Running jobs finish (or hit the timeout and are retried elsewhere) before the engine goes.
    await queue.stop({ graceful: true });
    await speech.engine.close();
  });

  await server.register(fastifyMultipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, parts: 12, fieldSize: 1024 },
    throwFileSizeLimit: true,
  });

  mountAuth(server, auth, config.baseUrl);
  const webApp = await registerWebApp(server, {
    webRoot: deps.webRoot ?? DEFAULT_WEB_ROOT,
    baseUrl: config.baseUrl,
  });
  await server.register(accountsRoutes, {
    auth,
    db: database.db,
    baseUrl: config.baseUrl,
    oidcEnabled: config.oidc !== undefined,
    sendAppShell: webApp.sendAppShell,
  });
  const baseUrl = config.baseUrl;
  await server.register(transcriptionsRoutes, { auth, database, storage, queue, baseUrl });
  await server.register(transcriptionEditsRoutes, { auth, db: database.db, baseUrl });
  await server.register(exportsRoutes, { auth, db: database.db });
  await server.register(searchRoutes, { auth, db: database.db });
  await server.register(shareRoutes, {
    auth,
    db: database.db,
    storage,
    baseUrl,
    sharedReadsPerMinute: 120,
    sharedAudioRequestsPerMinute: 600,
  });
  await server.register(freeTrialRoutes, {
    storage,
    engine: speechEngine,
    perHour: deps.freeTrialsPerHour ?? 20,
  });

  await server.register(siteRoutes, { config });
  await server.register(contactRoutes, {
    db: database.db,
    perHour: deps.contactMessagesPerHour ?? 5,
  });

  const runJobs = deps.runWorkers ?? config.runWorkers;
  const billing = await registerBilling(server, {
    auth,
    db: database.db,
    config,
    queue,
    runJobs,
    stripeApi: deps.stripeApi,
  });
  await registerAccountDeletion(server, {
    auth,
    deps: { db: database.db, storage, billing: billing.deps },
    queue,
    runJobs,
  });

  if (runJobs) {
    await startTranscriptionWorkers({
      queue,
      db: database.db,
      storage,
      engine: speechEngine(),
      concurrency: config.workerConcurrency,
      log: server.log,
    });
  }

  return { server, auth, storage, queue, billing };
}
