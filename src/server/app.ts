import Fastify, { type FastifyInstance } from 'fastify';
import { fileURLToPath } from 'node:url';
import type { TranscriptionSignals } from './live/transcription-signals.js';
import type { AnnounceTranscription } from './webhooks/transcription-webhooks.js';
import type { Auth } from './accounts/auth.js';
import { credentialStillValid } from './accounts/credential-still-valid.js';
import { SignedInStreams } from './accounts/signed-in-streams.js';
import { startApiState } from './api-state.js';
import type { Billing } from './billing/billing-plugin.js';
import type { StripeApiAddress } from './billing/providers/stripe-client.js';
import type { Config } from './config.js';
import { poolConnections, type DatabaseHandle } from './db/database.js';
import { FEATURES, type FeatureContext, type FeatureTuning } from './features.js';
import { applyConnectionLimits } from './http/connection-limits.js';
import { registerWebApp } from './http/web-app.js';
import { registerHttpMetrics } from './http/http-metrics.js';
import { watchGauges } from './metrics/metrics-registry.js';
import { DiskReservations } from './storage/disk-reservations.js';
import type { JobQueue, JobQueueOptions } from './jobs/job-queue.js';
import { redactingSerializers } from './log-redaction.js';
import type { Mailer } from './mail/mailer.js';
import { registerRequestPipeline } from './request-pipeline.js';
import { RequestLogAtDebug } from './http/request-log.js';
import { startAuth, startScheduledJobs, startServices, startSpeechWorkers } from './services.js';
import type { SpeechEngineSupervisor } from './speech/speech-engine-supervisor.js';
import type { ObjectStorage } from './storage/object-storage.js';
import { startZipExports } from './data-exports/start-zip-exports.js';
import { forgetReadsOnWrites } from './transcriptions/library/library-read-cache.js';

export const DEFAULT_WEB_ROOT = fileURLToPath(new URL('../../dist/web', import.meta.url));

export interface AppDependencies extends FeatureTuning {
  config: Config;
  database: DatabaseHandle;
  /** Where the built web app lives; tests may point elsewhere. */
  webRoot?: string;
  logger?: boolean;
  /** Where the JSON log goes (default standard output); tests read it. */
  logStream?: NodeJS.WritableStream;
  jobQueue?: JobQueueOptions;
  /** Start in-process transcription workers (defaults to config.runWorkers). */
  runWorkers?: boolean;
  /** Tests point the Stripe SDK at a local fake Stripe. */
  stripeApi?: StripeApiAddress;
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
  /** What the scheduled jobs tell when they change a transcription: open pages, and webhooks. */
  signals: TranscriptionSignals;
  announce: AnnounceTranscription;
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
    logController: new RequestLogAtDebug(),
    bodyLimit: 1024 * 1024,
    keepAliveTimeout: config.http.idleTimeoutMs,
    requestTimeout: 0,
  });
  applyConnectionLimits(server, config.http, server.log);
  registerHttpMetrics(server);

  const api = await startApiState(config, database, server.log);
  server.addHook('onClose', () => api.close());
  forgetReadsOnWrites(server, api.libraryReads);
  const runJobs = deps.runWorkers ?? config.runWorkers;
  const services = await startServices(config, database, server.log, {
    runsSpeech: runJobs,
    paidStates: api.paidStates,
    jobQueue: deps.jobQueue,
    stripeApi: deps.stripeApi,
  });
  server.addHook('onClose', () => services.close());
  const unwatchGauges = watchGauges({
    queueJobs: () => services.queue.jobCounts(),
    databasePool: () => poolConnections(database),
  });
  server.addHook('onClose', async () => unwatchGauges());
  const auth = startAuth(config, services, server.log, {
    sessions: api.sessions,
    signInThrottle: api.signInThrottle,
    signInAttemptsPerMinute: deps.signInAttemptsPerMinute ?? 10,
  });

  // Event streams and live previews end with the session or key they were opened with.
  const streams = new SignedInStreams(
    (userId, credential) => credentialStillValid({ auth, db: database.db }, userId, credential),
    server.log,
  );
  api.sessions.follow((userId) => streams.recheck(userId));

  await registerRequestPipeline(server, {
    config,
    db: database.db,
    auth,
    originOf: api.originOf,
  });
  const webApp = await registerWebApp(server, {
    webRoot: deps.webRoot ?? DEFAULT_WEB_ROOT,
    baseUrl: config.baseUrl,
  });
  const context: FeatureContext = {
    config,
    database,
    services,
    api,
    auth,
    uploadGate: {
      uploads: api.uploads,
      disk: new DiskReservations(services.workDir, config.minFreeDiskBytes),
      workDir: services.workDir,
      audioLimits: config.audioLimits,
    },
    sendAppShell: webApp.sendAppShell,
    sendNotFoundPage: webApp.sendNotFoundPage,
    streams,
    tuning: deps,
  };
  for (const feature of FEATURES) await feature(server, context);

  await startScheduledJobs(services, {
    work: runJobs,
    retentionMaxDays: config.retentionMaxDays,
    auditRetentionDays: config.auditRetentionDays,
  });
  // After services' own onClose hook: the queue stops (a running build finishes) first.
  const stopZipExports = await startZipExports({ ...services, db: database.db }, server.log);
  server.addHook('onClose', stopZipExports);
  if (runJobs) await startSpeechWorkers(services, config, server.log);

  const { storage, workDir, queue, speech, mailer, billing } = services;
  const { signals, announce } = services;
  return { server, auth, storage, workDir, queue, billing, speech, mailer, signals, announce };
}
