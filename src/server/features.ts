import { defaultLanguageRoutes } from './accounts/default-language.routes.js';
import { speechCapabilities } from './speech/speech-capabilities.js';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { accountDeletionRoutes } from './account-deletion/account-deletion.routes.js';
import { accountExportRoutes } from './data-exports/account-export.routes.js';
import { zipExportsRoutes } from './data-exports/zip-exports.routes.js';
import { accountsRoutes } from './accounts/accounts.routes.js';
import { isAdminEmail } from './accounts/admin-emails.js';
import { adminRoutes } from './admin/admin.routes.js';
import { metricsRoutes } from './http/metrics.routes.js';
import { apiKeysRoutes } from './accounts/api-keys.routes.js';
import type { Auth } from './accounts/auth.js';
import type { SignedInStreams } from './accounts/signed-in-streams.js';
import { emailPreferencesRoutes } from './accounts/email-preferences.routes.js';
import { vocabularyRoutes } from './accounts/vocabulary.routes.js';
import { retentionRoutes } from './accounts/retention.routes.js';
import { teamRetentionRoutes } from './teams/team-retention.routes.js';
import { mountAuth } from './accounts/mount-auth.js';
import type { ApiState } from './api-state.js';
import { registerBilling } from './billing/billing-plugin.js';
import { isUserPaidCached } from './billing/is-user-paid.js';
import type { Config } from './config.js';
import { commentThreadsForExport } from './comments/comment-threads-for-export.js';
import { commentEventsRoutes } from './comments/comment-events.routes.js';
import { commentsRoutes } from './comments/comments.routes.js';
import { highlightsRoutes } from './comments/highlights.routes.js';
import { contactRoutes } from './contact/contact.routes.js';
import type { DatabaseHandle } from './db/database.js';
import { v1Routes } from './developer-api/v1.routes.js';
import { FreeTrialSlots } from './free-trial/free-trial-slots.js';
import { freeTrialRoutes } from './free-trial/free-trial.routes.js';
import { healthRoutes } from './http/health.routes.js';
import { knownVoicesRoutes } from './known-voices/known-voices.routes.js';
import { registerApiDocsPage } from './http/openapi.js';
import {
  liveTranscriptionRoutes,
  type LiveTranscriptionSettings,
} from './live/live-transcription.routes.js';
import { searchRoutes } from './search/search.routes.js';
import type { Services } from './services.js';
import { siteRoutes } from './site/site.routes.js';
import { changeEmailRoutes } from './accounts/change-email.routes.js';
import { exportsRoutes } from './transcriptions/exports.routes.js';
import { ExportThreadPool } from './transcriptions/exports/export-thread-pool.js';
import { transcriptionDepth } from './transcriptions/processing/transcription-jobs.js';
import { shareRoutes } from './transcriptions/share.routes.js';
import { transcriptionEditsRoutes } from './transcriptions/transcription-edits.routes.js';
import { versionsRoutes } from './transcriptions/versions/versions.routes.js';
import { transcriptionsRoutes } from './transcriptions/transcriptions.routes.js';
import { resumableUploadsRoutes } from './transcriptions/resumable-uploads.routes.js';
import type { UploadGate } from './uploads/admit-upload.js';
import { webhooksRoutes } from './webhooks/webhooks.routes.js';
import { teamsRoutes } from './teams/teams.routes.js';
import { auditRoutes } from './audit/audit.routes.js';

/** Limits that test suites loosen or tighten; every other setting comes from `config`. */
export interface FeatureTuning {
  signInAttemptsPerMinute?: number;
  freeTrialsPerHour?: number;
  contactMessagesPerHour?: number;
  liveTranscription?: Partial<LiveTranscriptionSettings>;
}

/** The one context every feature is registered with. */
export interface FeatureContext {
  config: Config;
  database: DatabaseHandle;
  services: Services;
  api: ApiState;
  auth: Auth;
  uploadGate: UploadGate;
  sendAppShell: (reply: FastifyReply) => Promise<void>;
  sendNotFoundPage: (reply: FastifyReply) => Promise<void>;
  /** Every open event stream and live socket, with the credential it was opened with. */
  streams: SignedInStreams;
  tuning: FeatureTuning;
}

type Feature = (server: FastifyInstance, context: FeatureContext) => unknown;

/** Every feature of the HTTP API, in the order its routes are registered. */
export const FEATURES: readonly Feature[] = [
  (server, { config, database, services }) =>
    server.register(healthRoutes, {
      config,
      database,
      queueDepth: () => transcriptionDepth(services.queue),
      engineStatus: services.engineStatus,
    }),
  (server, { auth, api, services }) =>
    mountAuth(server, auth, {
      originOf: api.originOf,
      accountEmails: services.mailer.enabled,
      throttle: api.signInThrottle,
    }),
  (server, { config, database, api, auth, sendAppShell }) =>
    server.register(accountsRoutes, {
      auth,
      isPaid: (userId) => isUserPaidCached(database.db, api.paidStates, userId),
      isAdmin: (email) => isAdminEmail(config.adminEmails, email),
      originOf: api.originOf,
      oidcEnabled: config.oidc !== undefined,
      sendAppShell,
    }),
  (server, { auth, services }) =>
    server.register(changeEmailRoutes, { auth, accountEmails: services.mailer.enabled }),
  (server, { database }) => server.register(defaultLanguageRoutes, { db: database.db }),
  (server, { database, services }) =>
    server.register(emailPreferencesRoutes, {
      db: database.db,
      emailAvailable: services.mailer.enabled,
    }),
  (server, { database }) => server.register(vocabularyRoutes, { db: database.db }),
  (server, { config, database }) =>
    server.register(retentionRoutes, { db: database.db, maxDays: config.retentionMaxDays }),
  (server, { config, database }) =>
    server.register(teamRetentionRoutes, { db: database.db, maxDays: config.retentionMaxDays }),
  (server, { config, database, services, api, streams, uploadGate }) =>
    server.register(transcriptionsRoutes, {
      database,
      paidStates: api.paidStates,
      libraryReads: api.libraryReads,
      libraryChanges: api.libraryChanges,
      storage: services.storage,
      workDir: services.workDir,
      queue: services.queue,
      originOf: api.originOf,
      uploads: api.uploads,
      disk: uploadGate.disk,
      audioLimits: config.audioLimits,
      signals: services.signals,
      announce: services.announce,
      outbound: config.outbound,
      streams,
      speechCapabilities: async () => speechCapabilities(await services.engineStatus()),
      retentionMaxDays: config.retentionMaxDays,
    }),
  (server, { database, services, uploadGate }) =>
    server.register(resumableUploadsRoutes, {
      database,
      storage: services.storage,
      queue: services.queue,
      gate: uploadGate,
      speechCapabilities: async () => speechCapabilities(await services.engineStatus()),
    }),
  (server, { database, auth }) =>
    server.register(apiKeysRoutes, { db: database.db, sessions: auth.sessions }),
  (server, { config, database, services, uploadGate }) =>
    server.register(v1Routes, {
      database,
      storage: services.storage,
      queue: services.queue,
      gate: uploadGate,
      engineStatus: services.engineStatus,
      requestsInFlightPerAccount: config.apiRequestsInFlight,
    }),
  (server) => registerApiDocsPage(server),
  (server, { config, database, services, api }) =>
    server.register(transcriptionEditsRoutes, {
      database,
      queue: services.queue,
      signals: services.signals,
      originOf: api.originOf,
      retentionMaxDays: config.retentionMaxDays,
    }),
  (server, { config, database, services, api }) =>
    server.register(versionsRoutes, {
      database,
      queue: services.queue,
      signals: services.signals,
      originOf: api.originOf,
      retentionMaxDays: config.retentionMaxDays,
    }),
  (server, { database }) => server.register(knownVoicesRoutes, { db: database.db }),
  (server, { database, services }) =>
    server.register(commentsRoutes, { db: database.db, signals: services.signals }),
  (server, { database, services }) =>
    server.register(highlightsRoutes, { db: database.db, signals: services.signals }),
  (server, { database, services, streams }) =>
    server.register(commentEventsRoutes, { db: database.db, signals: services.signals, streams }),
  (server, { config, database }) => {
    // Downloads are built on worker threads, so a huge SRT or PDF never blocks other users.
    const exportThreads = new ExportThreadPool(config.exportThreads);
    server.addHook('onClose', () => exportThreads.close());
    return server.register(exportsRoutes, {
      db: database.db,
      exportThreads,
      commentThreads: (transcriptionId) => commentThreadsForExport(database.db, transcriptionId),
    });
  },
  (server, { database, services, api }) =>
    server.register(zipExportsRoutes, {
      database,
      queue: services.queue,
      storage: services.storage,
      originOf: api.originOf,
    }),
  (server, { database, services, api }) =>
    server.register(accountExportRoutes, {
      database,
      queue: services.queue,
      storage: services.storage,
      originOf: api.originOf,
    }),
  (server, { database }) => server.register(searchRoutes, { db: database.db }),
  (server, { database }) => server.register(auditRoutes, { db: database.db }),
  (server, { database, services, api }) =>
    server.register(shareRoutes, {
      db: database.db,
      storage: services.storage,
      originOf: api.originOf,
      sharedReadsPerMinute: 120,
      sharedAudioRequestsPerMinute: 600,
    }),
  (server, { config, services, uploadGate, tuning }) =>
    server.register(freeTrialRoutes, {
      workDir: services.workDir,
      queue: services.queue,
      storage: services.storage,
      perHour: tuning.freeTrialsPerHour ?? 20,
      slots: new FreeTrialSlots(config.freeTrialsAtOnce),
      disk: uploadGate.disk,
      audioLimits: config.audioLimits,
    }),
  (server, { config, database, services, api, streams, tuning }) =>
    server.register(liveTranscriptionRoutes, {
      database,
      streams,
      originOf: api.originOf,
      engine: services.windowTranscriber,
      engineName: async () => (await services.engineStatus()).engine,
      settings: { ...config.livePreview, ...tuning.liveTranscription },
    }),
  (server, { config, services }) =>
    server.register(siteRoutes, { config, accountEmails: services.mailer.enabled }),
  (server, { config, database, services, tuning }) =>
    server.register(contactRoutes, {
      db: database.db,
      perHour: tuning.contactMessagesPerHour ?? 5,
      mailer: services.mailer,
      inbox: config.mail?.contactInbox,
    }),
  (server, { config, database, services }) =>
    registerBilling(server, {
      db: database.db,
      billing: services.billing,
      clockEnabled: config.nodeEnv !== 'production',
    }),
  (server, { config }) => server.register(metricsRoutes, { token: config.metricsToken }),
  (server, { config, database, services, api, auth, sendAppShell, sendNotFoundPage }) =>
    server.register(adminRoutes, {
      auth,
      db: database.db,
      adminEmails: config.adminEmails,
      queue: services.queue,
      paidStates: api.paidStates,
      system: {
        config,
        database,
        engineStatus: services.engineStatus,
        ownEngine: () => services.speech?.status() ?? null,
      },
      sendAppShell,
      sendNotFoundPage,
    }),
  (server, { database, services, auth }) =>
    server.register(accountDeletionRoutes, {
      auth,
      deps: {
        db: database.db,
        storage: services.storage,
        billing: services.billing.deps,
        sessions: auth.sessions,
      },
    }),
  (server, { config, database, services }) =>
    server.register(webhooksRoutes, {
      database,
      queue: services.queue,
      policy: config.outbound,
    }),
  (server, { database, services, api }) =>
    server.register(teamsRoutes, {
      db: database.db,
      mailer: services.mailer,
      originOf: api.originOf,
      invitationsPerHour: 50,
    }),
];
