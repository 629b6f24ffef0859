import type { WordAligner } from './speech/engines/word-aligner.js';
import { PocketSphinxWordAligner } from './speech/engines/pocketsphinx/pocketsphinx-word-aligner.js';
import { alignEditedWords } from './transcriptions/processing/align-edited-words.js';
import {
  wordAlignmentQueue,
  workWordAlignments,
} from './transcriptions/processing/word-alignment-jobs.js';
import type { FastifyBaseLogger } from 'fastify';
import { rememberNamedVoices } from './known-voices/remember-named-voices.js';
import { rememberVoicesQueue, workRememberVoices } from './known-voices/remember-voices-jobs.js';
import { startAccountDeletionJobs } from './account-deletion/account-deletion-jobs.js';
import { createAccountMail } from './accounts/account-mail.js';
import { createAuth, type Auth } from './accounts/auth.js';
import { resolveAuthSecret } from './accounts/auth-secret.js';
import type { SessionCache } from './accounts/session-cache.js';
import type { SignInThrottle } from './accounts/sign-in-throttle.js';
import { startBillingJobs } from './billing/billing-jobs.js';
import { startPurgeJobs } from './transcriptions/trash/purge-jobs.js';
import { startRetentionJobs } from './retention/retention-jobs.js';
import { startAuditSweepJobs } from './audit/audit-jobs.js';
import { createBilling, type Billing } from './billing/create-billing.js';
import type { PaidStateChanges } from './billing/paid-state-cache.js';
import type { StripeApiAddress } from './billing/providers/stripe-client.js';
import type { Config } from './config.js';
import { expireResumableUploads } from './uploads/resumable/expire-resumable-uploads.js';
import type { DatabaseHandle } from './db/database.js';
import { startJobQueue, type JobQueue, type JobQueueOptions } from './jobs/job-queue.js';
import {
  startTranscriptionSignals,
  type TranscriptionSignals,
} from './live/transcription-signals.js';
import {
  LIVE_WINDOW_KEY_PREFIX,
  liveWindowQueue,
  queuedWindowTranscriber,
  startLiveWindowWorkers,
  type WindowTranscriber,
} from './live/live-window-jobs.js';
import { createMailer } from './mail/create-mailer.js';
import type { Mailer } from './mail/mailer.js';
import { speechEngineFromConfig } from './speech/choose-engine.js';
import { startEngineReports, workersEngineStatus } from './speech/engine-reports.js';
import type {
  SpeechEngineStatus,
  SpeechEngineSupervisor,
} from './speech/speech-engine-supervisor.js';
import { deleteStaleObjects } from './storage/delete-stale-objects.js';
import type { ObjectStorage } from './storage/object-storage.js';
import { claimTempArea } from './storage/process-temp-area.js';
import { openStorage, startPlainObjectSweep } from './storage/open-storage.js';
import { masterKeyRing } from './storage/encryption/master-key.js';
import { openDatabaseKey } from './db/encryption/database-key.js';
import { startPlainRowSweep } from './db/encryption/encrypt-plain-rows.js';
import { indexStaleTranscripts } from './search/search-index.js';
import { startTempFileSweeps } from './storage/temp-file-sweeps.js';
import {
  FREE_TRIAL_KEY_PREFIX,
  freeTrialQueue,
  startFreeTrialWorkers,
} from './free-trial/free-trial-jobs.js';
import { transcriptReadyNotifier } from './transcriptions/processing/notify-transcript-ready.js';
import { transcriptionQueue } from './transcriptions/processing/transcription-jobs.js';
import { startTranscriptionWorkers } from './transcriptions/processing/transcription-workers.js';
import {
  transcriptionAnnouncer,
  type AnnounceTranscription,
} from './webhooks/transcription-webhooks.js';
import { webhookQueue, workWebhookDeliveries } from './webhooks/webhook-delivery-jobs.js';
import { deliverWebhook } from './webhooks/deliver-webhook.js';
import { PRODUCT_NAME } from '../core/product.js';

/** What an API process and a worker process are both made of, built from the config. */
export interface Services {
  database: DatabaseHandle;
  storage: ObjectStorage;
  /** This process's own area of the work folder: uploads being received, jobs' temporary files. */
  workDir: string;
  queue: JobQueue;
  /** This process's engine; null in an API process that leaves speech to worker processes. */
  speech: SpeechEngineSupervisor | null;
  /** Aligns rewritten lines' words to their audio; with speech only (its thread loads on first use). */
  aligner: WordAligner | null;
  /** The engine that serves: this process's, or the one the worker processes report. */
  engineStatus(): Promise<SpeechEngineStatus>;
  /** Decodes the live preview's windows: this process's engine, or the workers' through the queue. */
  windowTranscriber(): WindowTranscriber;
  mailer: Mailer;
  signals: TranscriptionSignals;
  billing: Billing;
  /** Tells a user's webhooks that one of their transcriptions ended or was deleted. */
  announce: AnnounceTranscription;
  /** Stops what was started, running jobs first (they finish or are retried elsewhere). */
  close(): Promise<void>;
}

/**
 * The one place the outside systems are built: storage, the job queue with every feature's
 * queues, the speech engine (whisper's model loads once, or in the background), mail, the change
 * signals, and the sweeps of this process's temporary files.
 */
export interface ServiceOptions {
  /** This process transcribes (a worker, or an API process with RUN_WORKERS): it starts an engine. */
  runsSpeech: boolean;
  /** Where billing reports a user's paid state changing: the API's cache, or a broadcast only. */
  paidStates: PaidStateChanges;
  jobQueue?: JobQueueOptions;
  /** Tests point the Stripe SDK at a local fake Stripe. */
  stripeApi?: StripeApiAddress;
}

export async function startServices(
  config: Config,
  database: DatabaseHandle,
  log: FastifyBaseLogger,
  options: ServiceOptions,
): Promise<Services> {
  // Before anything reads or writes a transcript; a master key that does not open it stops here.
  await openDatabaseKey(database.db, masterKeyRing(config.encryption));
  const billing = createBilling({
    billing: config.billing,
    db: database.db,
    paidStates: options.paidStates,
    stripeApi: options.stripeApi,
    log: (details, message) => log.warn({ component: 'billing', ...details }, message),
  });
  const mailer = createMailer(config.mail, (message) => log.warn(message));
  const speech = options.runsSpeech ? await speechEngineFromConfig(config, log) : null;
  const aligner = options.runsSpeech ? new PocketSphinxWordAligner() : null;
  // Other processes (API processes without speech) read which engine serves from the database.
  const reports =
    speech && database.driver.kind === 'postgres'
      ? startEngineReports(database.db, () => speech.status())
      : undefined;
  const storage = await openStorage(config, { warn: (message) => log.warn(message) });
  const tempArea = claimTempArea(config.workDir);
  const stopPlainObjectSweep = startPlainObjectSweep(config, tempArea.directory, log);
  const stopPlainRowSweep = startPlainRowSweep(database.db, log, (stopped) =>
    indexStaleTranscripts(database.db, undefined, stopped),
  );
  // With PostgreSQL other processes share this disk: only their stale areas are orphans.
  const stopSweeps = await startTempFileSweeps({
    incomingDir: config.workDir,
    ownArea: tempArea.directory,
    soleProcess: database.driver.kind === 'pglite',
    log,
  });
  const queue = await startJobQueue(database, options.jobQueue);
  await queue.define(transcriptionQueue);
  await queue.define(freeTrialQueue);
  await queue.define(liveWindowQueue);
  await queue.define(wordAlignmentQueue);
  await queue.define(rememberVoicesQueue);
  await queue.define(webhookQueue(config.webhookRetryDelaySeconds));
  // Every process delivers webhooks: an API process without speech too.
  await workWebhookDeliveries(queue, (data, attempt) =>
    deliverWebhook(
      {
        db: database.db,
        policy: config.outbound,
        retryDelaySeconds: config.webhookRetryDelaySeconds,
        userAgent: `${PRODUCT_NAME}-Webhooks/1.0`,
      },
      data.deliveryId,
      attempt,
    ),
  );
  const announce = transcriptionAnnouncer({
    database,
    queue,
    baseUrl: config.baseUrl,
    log: (error, message) => log.error({ err: error }, message),
  });
  const signals = await startTranscriptionSignals(database);
  const queuedWindows = queuedWindowTranscriber({ queue, storage, workDir: tempArea.directory });
  return {
    database,
    storage,
    workDir: tempArea.directory,
    queue,
    speech,
    aligner,
    engineStatus: speech ? async () => speech.status() : workersEngineStatus(database.db),
    windowTranscriber: speech ? () => speech.current() : () => queuedWindows,
    mailer,
    signals,
    billing,
    announce,
    async close() {
      stopSweeps();
      stopPlainObjectSweep();
      await stopPlainRowSweep();
      await queue.stop({ graceful: true });
      await reports?.stop();
      await signals.close();
      await speech?.close();
      await aligner?.close();
      mailer.close();
      await tempArea.release();
    },
  };
}

/**
 * Subscribes this process to transcription jobs, free trials and live preview windows: the only
 * places speech runs.
 */
export async function startSpeechWorkers(
  services: Services,
  config: Config,
  log: FastifyBaseLogger,
) {
  const { database, queue, storage, workDir, speech, aligner, signals, mailer } = services;
  if (!speech || !aligner) throw new Error('speech workers need a process started with runsSpeech');
  await startTranscriptionWorkers({
    queue,
    signals,
    db: database.db,
    storage,
    workDir,
    minFreeDiskBytes: config.minFreeDiskBytes,
    engine: speech,
    concurrency: config.workerConcurrency,
    log,
    notifyReady: transcriptReadyNotifier({ db: database.db, mailer, baseUrl: config.baseUrl }),
    announce: services.announce,
  });
  await startFreeTrialWorkers({
    queue,
    storage,
    workDir,
    minFreeDiskBytes: config.minFreeDiskBytes,
    engine: speech,
  });
  await startLiveWindowWorkers({ queue, storage, workDir, engine: speech });
  await workWordAlignments(queue, (data, signal) =>
    alignEditedWords({ db: database.db, storage, workDir, aligner }, data.transcriptionId, signal),
  );
  await workRememberVoices(queue, (data) =>
    rememberNamedVoices({ db: database.db, storage, workDir }, data),
  );
}

/** Hourly: what a killed API process left of a free trial or a live window in storage. */
const STALE_OBJECTS_QUEUE = 'stale-objects';
const EXPIRED_UPLOADS_QUEUE = 'expired-uploads';
const TRANSIENT_KEY_PREFIXES = [FREE_TRIAL_KEY_PREFIX, LIVE_WINDOW_KEY_PREFIX];

/**
 * The scheduled jobs (test-mode renewals, finishing account deletions, stale objects): every
 * process schedules them, and those that `work` run them, each occurrence in one process.
 */
export async function startScheduledJobs(
  services: Services,
  options: { work: boolean; retentionMaxDays: number | null; auditRetentionDays: number },
) {
  const { queue, billing, database, storage, signals, announce } = services;
  await startBillingJobs(queue, billing, options);
  await startAccountDeletionJobs(
    queue,
    { db: database.db, billing: billing.deps, storage },
    options,
  );
  await startPurgeJobs(queue, { db: database.db, storage }, options);
  await startRetentionJobs(
    queue,
    { database, storage, signals, announce, maxDays: options.retentionMaxDays },
    options,
  );
  await startAuditSweepJobs(queue, { database, days: options.auditRetentionDays }, options);
  await queue.scheduleRecurring(STALE_OBJECTS_QUEUE, '37 * * * *');
  if (options.work) {
    await queue.workRecurring(STALE_OBJECTS_QUEUE, async () => {
      const anHourAgo = new Date(Date.now() - 60 * 60 * 1000);
      await deleteStaleObjects(storage, TRANSIENT_KEY_PREFIXES, anHourAgo);
    });
  }
  await queue.scheduleRecurring(EXPIRED_UPLOADS_QUEUE, '*/15 * * * *');
  if (options.work)
    await queue.workRecurring(EXPIRED_UPLOADS_QUEUE, () =>
      expireResumableUploads({ db: database.db, storage }).then(() => undefined),
    );
}

export interface AuthOptions {
  /** The sessions this process holds in memory, forgotten when one is revoked anywhere. */
  sessions: SessionCache;
  signInAttemptsPerMinute: number;
  signInThrottle: SignInThrottle;
}

/** Sign-in, sessions and account mail, for the API processes (workers authenticate nobody). */
export function startAuth(
  config: Config,
  services: Services,
  log: FastifyBaseLogger,
  options: AuthOptions,
): Auth {
  const accountMail = createAccountMail(services.mailer, config.baseUrl, (error, message) =>
    log.error({ err: error }, message),
  );
  return createAuth({
    accountMail,
    db: services.database.db,
    baseUrl: config.baseUrl,
    fixedOrigin: config.fixedOrigin,
    secret: resolveAuthSecret(config.authSecret, config.dataDir),
    oidc: config.oidc,
    signInAttemptsPerMinute: options.signInAttemptsPerMinute,
    log: (level, message) => log[level]({ component: 'auth' }, message),
    sessions: options.sessions,
    onSignUp: (email) => options.signInThrottle.forgetAccount(email),
  });
}
