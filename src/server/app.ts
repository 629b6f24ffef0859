import fastifyCompress from '@fastify/compress';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { fileURLToPath } from 'node:url';
import { accountDeletionRoutes } from './account-deletion/account-deletion.routes.js';
import { accountsRoutes } from './accounts/accounts.routes.js';
import type { Auth } from './accounts/auth.js';
import { mountAuth } from './accounts/mount-auth.js';
import { createSessionCache } from './accounts/session-revocations.js';
import { createPaidStateCache } from './billing/paid-state-changes.js';
import { isUserPaidCached } from './billing/is-user-paid.js';
import { startUserChangeChannels } from './db/user-change-channels.js';
import type { Mailer } from './mail/mailer.js';
import { apiKeysRoutes } from './accounts/api-keys.routes.js';
import { registerAuthentication } from './accounts/authenticate.js';
import { v1Routes } from './developer-api/v1.routes.js';
import { registerApiDocsPage, registerOpenApi } from './http/openapi.js';
import { registerBilling, type Billing } from './billing/billing-plugin.js';
import type { StripeApiAddress } from './billing/providers/stripe-client.js';
import type { Config } from './config.js';
import { startAuth, startScheduledJobs, startServices, startSpeechWorkers } from './services.js';
import type { DatabaseHandle } from './db/database.js';
import { originResolver } from './http/request-origin.js';
import { redactingSerializers } from './log-redaction.js';
import { registerConditionalGet } from './http/conditional-get.js';
import { registerCrossSiteGuard } from './http/cross-site-guard.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerErrorHandler } from './http/error-handler.js';
import { registerNulRefusal } from './http/refuse-nul-characters.js';
import { registerWebApp } from './http/web-app.js';
import { applyConnectionLimits } from './http/connection-limits.js';
import { healthRoutes } from './http/health.routes.js';
import fastifyMultipart from '@fastify/multipart';
import fastifyWebsocket from '@fastify/websocket';
import { LIVE_MAX_MESSAGE_BYTES } from '../core/live-transcription.js';
import {
  liveTranscriptionRoutes,
  type LiveTranscriptionSettings,
} from './live/live-transcription.routes.js';
import { MAX_UPLOAD_BYTES } from '../core/plans.js';
import type { JobQueue, JobQueueOptions } from './jobs/job-queue.js';
import { transcriptionDepth } from './transcriptions/transcription-jobs.js';
import type { SpeechEngineSupervisor } from './speech/speech-engine-supervisor.js';
import type { ObjectStorage } from './storage/object-storage.js';
import { emailPreferencesRoutes } from './accounts/email-preferences.routes.js';
import { freeTrialRoutes } from './transcriptions/free-trial.routes.js';
import { transcriptionsRoutes } from './transcriptions/transcriptions.routes.js';
import { forgetReadsOnWrites, LibraryReadCache } from './transcriptions/library-read-cache.js';
import { UploadReservations } from './transcriptions/upload-reservations.js';
import type { UploadGate } from './transcriptions/accept-upload.js';
import { transcriptionEditsRoutes } from './transcriptions/transcription-edits.routes.js';
import { shareRoutes } from './transcriptions/share.routes.js';
import { exportsRoutes } from './transcriptions/exports.routes.js';
import { ExportThreadPool } from './transcriptions/exports/export-thread-pool.js';
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
  /** Where the JSON log goes (default standard output); tests read it. */
  logStream?: NodeJS.WritableStream;
  jobQueue?: JobQueueOptions;
  /** Start in-process transcription workers (defaults to config.runWorkers). */
  runWorkers?: boolean;
  freeTrialsPerHour?: number;
  contactMessagesPerHour?: number;
  /** Tests point the Stripe SDK at a local fake Stripe. */
  stripeApi?: StripeApiAddress;
  /** The recorder's live preview: idle time, window and session limits. */
  liveTranscription?: Partial<LiveTranscriptionSettings>;
}

export interface App {
  server: FastifyInstance;
  auth: Auth;
  storage: ObjectStorage;
  /** This process's own area of the work folder: uploads being received, jobs' temporary files. */
  workDir: string;
  queue: JobQueue;
  billing: Billing;
  /** Null when this process runs no workers: speech is left to worker processes. */
  speech: SpeechEngineSupervisor | null;
  mailer: Mailer;
}

export async function buildApp(deps: AppDependencies): Promise<App> {
  const { config, database } = deps;
  const server = Fastify({
    logger:
      deps.logger === false
        ? false
        : {
            level: config.logLevel,
            serializers: redactingSerializers,
            ...(deps.logStream ? { stream: deps.logStream } : {}),
          },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    keepAliveTimeout: config.http.idleTimeoutMs,
    requestTimeout: 0,
  });
  applyConnectionLimits(server, config.http, server.log);

  const originOf = originResolver(config.fixedOrigin, config.baseUrl);
  const sessions = createSessionCache(database);
  const plans = createPaidStateCache(database);
  const libraryReads = new LibraryReadCache();
  const changeChannels = await startUserChangeChannels(
    database,
    [sessions.listener, plans.listener, libraryReads.listener],
    server.log,
  );
  forgetReadsOnWrites(server, libraryReads);
  server.addHook('onClose', () => changeChannels.close());
  const runJobs = deps.runWorkers ?? config.runWorkers;
  const services = await startServices(config, database, server.log, {
    runsSpeech: runJobs,
    paidStates: plans.paidStates,
    jobQueue: deps.jobQueue,
    stripeApi: deps.stripeApi,
  });
  server.addHook('onClose', () => services.close());
  const { storage, workDir, queue, speech, mailer, signals, billing } = services;
  const auth = startAuth(config, services, server.log, {
    sessions: sessions.cache,
    signInAttemptsPerMinute: deps.signInAttemptsPerMinute ?? 10,
  });

  registerErrorHandler(server);
  // First of the request hooks: it marks WebSocket upgrades, so that an upgrade refused by any
  // later hook (NUL refusal, authentication) still has its socket closed after the answer.
  await server.register(fastifyWebsocket, { options: { maxPayload: LIVE_MAX_MESSAGE_BYTES } });
  registerNulRefusal(server);
  await registerOpenApi(server, config.baseUrl);
  registerSecurityHeaders(server, {
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
  // Before compression, so the ETag is the digest of the JSON itself.
  registerConditionalGet(server, [
    '/api/auth/status',
    '/api/auth/user',
    '/api/usage',
    '/api/transcriptions',
    '/api/transcriptions/:id',
  ]);
  await server.register(fastifyCompress, { global: true, threshold: 1024 });
  await server.register(fastifyRateLimit, { global: false });
  registerCrossSiteGuard(server, {
    originOf,
    exemptPaths: ['/api/billing/webhook'],
  });
  registerAuthentication(server, {
    auth,
    db: database.db,
    apiRequestsPerMinute: config.apiRateLimitPerMinute,
  });

  // One per process: the web app's and the developer API's uploads share each user's limits.
  const uploadGate: UploadGate = {
    uploads: new UploadReservations(),
    workDir,
    minFreeDiskBytes: config.minFreeDiskBytes,
  };
  await server.register(healthRoutes, {
    config,
    database,
    queueDepth: () => transcriptionDepth(queue),
    engineStatus: services.engineStatus,
  });
  await server.register(fastifyMultipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, parts: 12, fieldSize: 1024 },
    throwFileSizeLimit: true,
  });

  mountAuth(server, auth, originOf);
  const webApp = await registerWebApp(server, {
    webRoot: deps.webRoot ?? DEFAULT_WEB_ROOT,
    baseUrl: config.baseUrl,
  });
  await server.register(accountsRoutes, {
    auth,
    isPaid: (userId) => isUserPaidCached(database.db, plans.paidStates, userId),
    originOf,
    oidcEnabled: config.oidc !== undefined,
    sendAppShell: webApp.sendAppShell,
  });
  await server.register(emailPreferencesRoutes, {
    db: database.db,
    emailAvailable: mailer.enabled,
  });
  await server.register(transcriptionsRoutes, {
    database,
    paidStates: plans.paidStates,
    libraryReads,
    storage,
    workDir,
    queue,
    originOf,
    uploads: uploadGate.uploads,
    minFreeDiskBytes: config.minFreeDiskBytes,
    signals,
  });
  await server.register(apiKeysRoutes, { db: database.db });
  await server.register(v1Routes, {
    database,
    storage,
    queue,
    gate: uploadGate,
    engineStatus: services.engineStatus,
  });
  await registerApiDocsPage(server);
  await server.register(transcriptionEditsRoutes, { db: database.db, originOf });
  const exportThreads = new ExportThreadPool(config.exportThreads);
  server.addHook('onClose', () => exportThreads.close());
  await server.register(exportsRoutes, { db: database.db, exportThreads });
  await server.register(searchRoutes, { db: database.db });
  await server.register(shareRoutes, {
    db: database.db,
    storage,
    originOf,
    sharedReadsPerMinute: 120,
    sharedAudioRequestsPerMinute: 600,
  });
  await server.register(freeTrialRoutes, {
    workDir,
    queue,
    storage,
    perHour: deps.freeTrialsPerHour ?? 20,
    minFreeDiskBytes: config.minFreeDiskBytes,
  });

  await server.register(liveTranscriptionRoutes, {
    db: database.db,
    originOf,
    engine: services.windowTranscriber,
    engineName: async () => (await services.engineStatus()).engine,
    settings: deps.liveTranscription,
  });

  await server.register(siteRoutes, { config, accountEmails: mailer.enabled });
  await server.register(contactRoutes, {
    db: database.db,
    perHour: deps.contactMessagesPerHour ?? 5,
    mailer,
    inbox: config.mail?.contactInbox,
  });

  await registerBilling(server, {
    db: database.db,
    billing,
    clockEnabled: config.nodeEnv !== 'production',
  });
  await server.register(accountDeletionRoutes, {
    auth,
    deps: { db: database.db, storage, billing: billing.deps, sessions: auth.sessions },
  });

  await startScheduledJobs(services, { work: runJobs });
  if (runJobs) await startSpeechWorkers(services, config, server.log);

  return { server, auth, storage, workDir, queue, billing, speech, mailer };
}
