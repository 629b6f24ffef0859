import type { TimedWord } from '../../core/words.js';
import { sql } from 'drizzle-orm';
import {
  TRANSCRIPTION_STATUSES,
  TRANSCRIPT_VERSION_KINDS,
} from '../../core/api/transcription-values.js';
import { encryptedJson, encryptedText, FIELD_PURPOSES } from './encryption/encrypted-columns.js';
import { SPEECH_TASKS } from '../../core/languages.js';
import { AUDIT_ACTIONS, INVITATION_ROLES, TEAM_ROLES } from '../../core/api/team-values.js';
import { DENOISE_SETTINGS, type DroppedAudioDto } from '../../core/api/denoise-field.js';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  check,
} from 'drizzle-orm/pg-core';

/** PostgreSQL's full-text document type (Drizzle has no built-in column for it). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** A line of a stored transcript: its times in seconds, its text, and who speaks it. */
export interface StoredSegment {
  start: number;
  end: number;
  text: string;
  speaker: string;
  /**
   * The words of `text`, timed (issue 28). Absent in transcripts made before words were kept:
   * readers spread the text over the line instead (segmentsWithWords).
   */
  words?: TimedWord[];
  /** The words were spread over a line a person rewrote; a job aligns them to the audio. */
  wordsToAlign?: boolean;
}

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

// better-auth's tables: property names are the fields it expects.
export const user = pgTable('users', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  /** Ours, not better-auth's: email me when a long transcript is ready (account settings). */
  transcriptReadyEmail: boolean('transcript_ready_email').notNull().default(true),
  /** Ours: remember the voices I name and name them in later recordings (off unless chosen). */
  rememberVoices: boolean('remember_voices').notNull().default(false),
  /** Ours: the language uploads use when their form names none, `auto` or an ISO 639-1 code. */
  defaultLanguage: text('default_language').notNull().default('auto'),
  /** Ours: set by an admin; a disabled account cannot sign in and its sessions and keys stop. */
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
  /** Ours: when a session was last created for the account (the admin console shows it). */
  lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
  /** Ours: recordings are deleted this many days after upload, the text kept; null keeps them. */
  retentionAudioDays: integer('retention_audio_days'),
  /** Ours: transcripts (with their audio) are deleted this many days after upload; null keeps them. */
  retentionTranscriptDays: integer('retention_transcript_days'),
});

export const session = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);

export const account = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('accounts_user_id_idx').on(table.userId)],
);

export const verification = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('verifications_identifier_idx').on(table.identifier)],
);

export const rateLimit = pgTable('rate_limits', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

/** A shared library (issue 33, docs/decisions/0087). Its members and their roles are below. */
export const teams = pgTable('teams', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  createdAt: createdAt(),
  /** The team's retention, which its transcriptions follow instead of their uploaders' (0085). */
  retentionAudioDays: integer('retention_audio_days'),
  retentionTranscriptDays: integer('retention_transcript_days'),
});

/** Who is in a team, and as what. A team always has exactly one `owner`. */
export const teamMembers = pgTable(
  'team_members',
  {
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    role: text('role', { enum: TEAM_ROLES }).notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.teamId, table.userId] }),
    index('team_members_user_idx').on(table.userId),
    uniqueIndex('team_members_one_owner_idx')
      .on(table.teamId)
      .where(sql`${table.role} = 'owner'`),
  ],
);

/**
 * An invitation to join a team by a one-time link. The link's secret is kept only as its SHA-256
 * hash. Accepted, revoked or past `expiresAt`, it no longer works.
 */
export const teamInvitations = pgTable(
  'team_invitations',
  {
    id: text('id').primaryKey(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /** As typed, lower-cased: only the account with this address may accept. */
    email: text('email').notNull(),
    role: text('role', { enum: INVITATION_ROLES }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: text('invited_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: text('accepted_by').references(() => user.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('team_invitations_team_idx').on(table.teamId, table.createdAt)],
);

export const transcriptions = pgTable(
  'transcriptions',
  {
    id: text('id').primaryKey(),
    /** The uploader: whose plan and storage the transcription counts against. */
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /**
     * The team whose library holds it, or null for the uploader's own library. A deleted team's
     * transcriptions go back to their uploaders (docs/decisions/0087).
     */
    teamId: text('team_id').references(() => teams.id, { onDelete: 'set null' }),
    filename: text('filename').notNull(),
    /** Encrypted, like every column that holds what was said (docs/decisions/0090). */
    text: encryptedText('text', FIELD_PURPOSES.transcriptText).notNull().default(''),
    segments: encryptedJson<StoredSegment[]>('segments', FIELD_PURPOSES.transcriptSegments)
      .notNull()
      .default(sql`'[]'`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    durationInSeconds: doublePrecision('duration_in_seconds').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    isTruncated: boolean('is_truncated').notNull().default(false),
    /** Seconds of audio the job transcribes: the plan's limit, or null for the whole file. */
    transcribeSeconds: doublePrecision('transcribe_seconds'),
    /** `cancelled`: stopped by its owner; the segments made before that stay. */
    status: text('status', { enum: TRANSCRIPTION_STATUSES }).notNull().default('queued'),
    progress: integer('progress').notNull().default(0),
    error: text('error'),
    /** The language heard (detected or chosen), an ISO 639-1 code; the source when translated. */
    language: text('language'),
    /** What the upload asked for: `auto` to detect, or an ISO 639-1 code. */
    languageRequested: text('language_requested').notNull().default('auto'),
    /** `translate`: the text is in English, `language` says what was spoken. */
    task: text('task', { enum: SPEECH_TASKS }).notNull().default('transcribe'),
    /** The engine could not detect the language (PocketSphinx) and took English. */
    languageAssumed: boolean('language_assumed').notNull().default(false),
    engine: text('engine'),
    model: text('model'),
    audioFormat: text('audio_format').notNull(),
    audioKey: text('audio_key').notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** Goes up by one with every saved edit; edits name the version they were made on. */
    version: integer('version').notNull().default(1),
    /** The machine's transcript, kept when the first edit is saved (null: never edited). */
    originalText: encryptedText('original_text', FIELD_PURPOSES.transcriptText),
    originalSegments: encryptedJson<StoredSegment[]>(
      'original_segments',
      FIELD_PURPOSES.transcriptSegments,
    ),
    /** How many voices the upload asked for (1-10), or null to detect them (`speakers=auto`). */
    speakersRequested: integer('speakers_requested'),
    /** The upload's `denoise` field (docs/decisions/0060). */
    denoise: text('denoise', { enum: DENOISE_SETTINGS }).notNull().default('auto'),
    /** Whether noise suppression ran on the last transcription; null until one finished. */
    denoised: boolean('denoised'),
    /** Audio whose words were dropped as made up, and why (docs/decisions/0061). */
    droppedAudio: jsonb('dropped_audio')
      .$type<DroppedAudioDto>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Terms this upload added to the account's vocabulary, as typed (`vocabulary` or `prompt`). */
    vocabulary: jsonb('vocabulary').$type<string[]>(),
    /** The public read-only link's secret, or null when the transcript is not shared. */
    shareToken: text('share_token').unique(),
    /**
     * Deleted by its owner at this time and hidden everywhere; the owner may undo for a short
     * while, then a sweep deletes the row and its audio (docs/decisions/0078).
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /**
     * The recording was deleted at this time by the owner's retention setting; the text stays
     * (docs/decisions/0085).
     */
    audioDeletedAt: timestamp('audio_deleted_at', { withTimezone: true }),
    /**
     * The blind search index (docs/decisions/0090): keyed hashes of the words of the file name,
     * the text and the names people gave speakers, written by the app (`search/search-index.ts`)
     * from `search_revision`; never the words themselves.
     */
    searchVector: tsvector('search_vector')
      .notNull()
      .default(sql`''::tsvector`),
    /** Goes up (a trigger) whenever the file name, text or segments change. */
    searchRevision: integer('search_revision').notNull().default(0),
    /** The `search_revision` the search index was made from; null: never indexed. */
    indexedRevision: integer('indexed_revision'),
  },
  (table) => [
    index('transcriptions_user_created_idx').on(table.userId, table.createdAt, table.id),
    index('transcriptions_user_name_idx').on(table.userId, sql`lower(${table.filename})`, table.id),
    index('transcriptions_user_duration_idx').on(table.userId, table.durationInSeconds, table.id),
    // The storage used (a sum over the user's file sizes) from the index alone.
    index('transcriptions_user_size_idx').on(table.userId, table.fileSize),
    index('transcriptions_team_created_idx')
      .on(table.teamId, table.createdAt, table.id)
      .where(sql`${table.teamId} is not null`),
    index('transcriptions_search_idx').using('gin', table.searchVector),
    index('transcriptions_deleted_idx')
      .on(table.deletedAt)
      .where(sql`${table.deletedAt} is not null`),
  ],
);

/**
 * The lines of a transcript's versions, each distinct line stored once (keyed by a hash of its
 * content), so a version is a list of keys and an edit of one line stores one line
 * (docs/decisions/0078).
 */
export const transcriptLines = pgTable(
  'transcript_lines',
  {
    transcriptionId: text('transcription_id')
      .notNull()
      .references(() => transcriptions.id, { onDelete: 'cascade' }),
    hash: text('hash').notNull(),
    line: encryptedJson<StoredSegment>('line', FIELD_PURPOSES.transcriptLine).notNull(),
  },
  (table) => [primaryKey({ columns: [table.transcriptionId, table.hash] })],
);

/** Each state a transcript was in: who made it, how, and when; its lines by their keys. */
export const transcriptVersions = pgTable(
  'transcript_versions',
  {
    transcriptionId: text('transcription_id')
      .notNull()
      .references(() => transcriptions.id, { onDelete: 'cascade' }),
    /** The transcript's `version` in this state. */
    number: integer('number').notNull(),
    kind: text('kind', { enum: TRANSCRIPT_VERSION_KINDS }).notNull(),
    /** Who made the change; null for the speech engine (or a person since deleted). */
    authorId: text('author_id').references(() => user.id, { onDelete: 'set null' }),
    /** For a restore: the version it brought back. */
    restoredFrom: integer('restored_from'),
    filename: text('filename').notNull(),
    lineHashes: jsonb('line_hashes').$type<string[]>().notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.transcriptionId, table.number] })],
);

/**
 * Transcriptions started per user and calendar month (UTC). Kept apart from the transcriptions
 * themselves, so deleting a transcript does not give back its place in the monthly quota.
 */
export const monthlyTranscriptionCounts = pgTable(
  'monthly_transcription_counts',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    month: text('month').notNull(),
    count: integer('count').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.userId, table.month] })],
);

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['stripe', 'test'] }).notNull(),
    providerCustomerId: text('provider_customer_id'),
    providerSubscriptionId: text('provider_subscription_id').notNull(),
    status: text('status').notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('subscriptions_provider_subscription_idx').on(
      table.provider,
      table.providerSubscriptionId,
    ),
    index('subscriptions_user_idx').on(table.userId),
  ],
);

export const processedPaymentEvents = pgTable('processed_payment_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One payment-provider customer per user and provider, created on the first checkout. */
export const billingCustomers = pgTable(
  'billing_customers',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['stripe', 'test'] }).notNull(),
    providerCustomerId: text('provider_customer_id').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('billing_customers_user_provider_idx').on(table.userId, table.provider),
    uniqueIndex('billing_customers_provider_customer_idx').on(
      table.provider,
      table.providerCustomerId,
    ),
  ],
);

/** Accounts deleted by their owner: content went at once; the job finishes the rest within 30 days. */
export const accountDeletions = pgTable('account_deletions', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
  completedAt: timestamp('completed_at', { withTimezone: true }),
});

// The built-in test-mode payment provider's own records (what Stripe would keep on its side).
export const testBillingSubscriptions = pgTable(
  'test_billing_subscriptions',
  {
    id: text('id').primaryKey(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    customerId: text('customer_id').notNull(),
    status: text('status').notNull(),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    latestPaymentIntentId: text('latest_payment_intent_id').notNull(),
    defaultCardLast4: text('default_card_last4'),
    /** Provider time (the test clock), not wall time. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (table) => [index('test_billing_subscriptions_customer_idx').on(table.customerId)],
);

export const testBillingPaymentIntents = pgTable('test_billing_payment_intents', {
  id: text('id').primaryKey(),
  clientSecret: text('client_secret').notNull().unique(),
  subscriptionId: text('subscription_id').notNull(),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  status: text('status').notNull(),
  lastErrorCode: text('last_error_code'),
  lastErrorMessage: text('last_error_message'),
  createdAt: createdAt(),
});

/** How far the test-mode provider's clock runs ahead of the wall clock (one row). */
export const testBillingClock = pgTable('test_billing_clock', {
  id: text('id').primaryKey(),
  offsetMs: bigint('offset_ms', { mode: 'number' }).notNull().default(0),
});

export const contactMessages = pgTable('contact_messages', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  clientIp: text('client_ip'),
  createdAt: createdAt(),
});

export const authSchema = { user, session, account, verification, rateLimit };

/**
 * A user's keys for the developer API. Only the secret's SHA-256 is kept; the prefix lets people
 * recognise a key. The rate limit's window lives on the row, so every API process counts together.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    secretHash: text('secret_hash').notNull().unique(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    /** The minute (epoch minutes) the rate limit is counting, and the requests in it so far. */
    rateWindow: bigint('rate_window', { mode: 'number' }).notNull().default(0),
    rateCount: integer('rate_count').notNull().default(0),
  },
  (table) => [index('api_keys_user_idx').on(table.userId, table.createdAt)],
);

/**
 * Voices a user named, remembered to name them again in later recordings (issue 26, decision
 * 0050). Only the account's owner ever sees them; the statistics are kept per recording they came
 * from, so deleting a recording deletes what was learnt from it.
 */
export const knownVoices = pgTable(
  'known_voices',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('known_voices_user_name_idx').on(table.userId, table.name)],
);

/** What one recording says of a known voice: mel-cepstrum statistics of the lines named so. */
export const knownVoiceSources = pgTable(
  'known_voice_sources',
  {
    voiceId: text('voice_id')
      .notNull()
      .references(() => knownVoices.id, { onDelete: 'cascade' }),
    transcriptionId: text('transcription_id')
      .notNull()
      .references(() => transcriptions.id, { onDelete: 'cascade' }),
    frames: integer('frames').notNull(),
    sums: doublePrecision('sums').array().notNull(),
    squares: doublePrecision('squares').array().notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.voiceId, table.transcriptionId] }),
    index('known_voice_sources_transcription_idx').on(table.transcriptionId),
  ],
);

/**
 * What speech engine each worker process runs, reported every few seconds, so an API process
 * that runs no speech itself can say which engine serves (health, the developer API's models).
 */
export const speechEngineReports = pgTable('speech_engine_reports', {
  processId: text('process_id').primaryKey(),
  engine: text('engine').notNull(),
  model: text('model').notNull(),
  reason: text('reason').notNull(),
  /** Whisper on its way while another engine serves. */
  pending: jsonb('pending'),
  /** The engine hears more than English (and translates). */
  multilingual: boolean('multilingual').notNull().default(false),
  reportedAt: timestamp('reported_at', { withTimezone: true }).notNull(),
});

/**
 * Open live previews across every API process: a lease each session renews while it runs, so a
 * process that dies frees its places when the leases run out (see live/live-preview-leases.ts).
 */
export const livePreviewLeases = pgTable(
  'live_preview_leases',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** The plan the session was admitted under: free sessions share a part of the places. */
    plan: text('plan').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('live_preview_leases_user_idx').on(table.userId)],
);

/**
 * A free live preview counted as one of the month's transcriptions. The recording it previewed,
 * when saved, claims it once (its upload then costs nothing more); a claim is never undone.
 */
export const livePreviewCharges = pgTable(
  'live_preview_charges',
  {
    /** The preview's id, as its `ready` message told the recorder (its lease's id). */
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** The quota month it was counted in (`YYYY-MM`, UTC); only an upload of that month claims it. */
    month: text('month').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The upload that claimed it; kept when that transcript is deleted, so it is claimed once. */
    transcriptionId: text('transcription_id'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
  },
  (table) => [index('live_preview_charges_user_month_idx').on(table.userId, table.month)],
);

/** The account's custom vocabulary: terms every transcription listens for, as the user typed them. */
export const vocabularies = pgTable('vocabularies', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  terms: jsonb('terms').$type<string[]>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Pro given by an admin, not bought: who granted it and when, and who removed it and when. One
 * grant at most is in force per account (the one not removed).
 */
export const proGrants = pgTable(
  'pro_grants',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    grantedBy: text('granted_by').notNull(),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
    removedBy: text('removed_by'),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('pro_grants_in_force_idx')
      .on(table.userId)
      .where(sql`${table.removedAt} is null`),
  ],
);

/**
 * What admins did, appended and never changed. Ids, not foreign keys: the record outlives the
 * accounts it names.
 */
export const adminActions = pgTable(
  'admin_actions',
  {
    id: text('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    adminUserId: text('admin_user_id').notNull(),
    adminEmail: text('admin_email').notNull(),
    action: text('action', {
      enum: ['disable-account', 'enable-account', 'grant-pro', 'remove-pro', 'retry-job'],
    }).notNull(),
    targetUserId: text('target_user_id'),
    /** The job, for a retry. */
    targetJobId: text('target_job_id'),
  },
  (table) => [index('admin_actions_at_idx').on(table.at)],
);

/**
 * A ZIP being built in the background, or built: a download of chosen transcripts (`transcripts`)
 * or all of an account's data (`account`). The file lives in storage as `export-<id>.zip` until
 * `expiresAt`; an hourly sweep deletes it and its row (docs/decisions/0081).
 */
export const zipExports = pgTable(
  'zip_exports',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['transcripts', 'account'] }).notNull(),
    /** The export format of each transcript (`transcripts` only). */
    format: text('format'),
    /** The transcriptions asked for, in the order asked (`transcripts` only). */
    transcriptionIds: jsonb('transcription_ids')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    status: text('status', { enum: ['pending', 'ready', 'failed'] })
      .notNull()
      .default('pending'),
    error: text('error'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    createdAt: createdAt(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    /** 24 h after it was asked for; pending ones too, so nothing is kept longer. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('zip_exports_user_idx').on(table.userId, table.createdAt),
    index('zip_exports_expires_idx').on(table.expiresAt),
  ],
);

/**
 * Where transcription events are sent (issue 34, decision 0080). An endpoint belongs to exactly one
 * owner: a user (it hears their own library) or a team (it hears the team's library, and its admins
 * manage it). One with a `transcription_id` is an upload's own `webhook_url`: it hears only that
 * transcription.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').references(() => user.id, { onDelete: 'cascade' }),
    teamId: text('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    /** Who added a team's endpoint (null once their account is gone); a user's own is theirs. */
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    transcriptionId: text('transcription_id'),
    url: text('url').notNull(),
    events: jsonb('events').$type<string[]>().notNull(),
    /** `whsec_` and the base64 key, as Standard Webhooks writes it; shown once, kept to sign. */
    secret: encryptedText('secret', FIELD_PURPOSES.webhookSecret).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('webhook_endpoints_user_idx').on(table.userId, table.createdAt),
    index('webhook_endpoints_team_idx')
      .on(table.teamId, table.createdAt)
      .where(sql`${table.teamId} is not null`),
    index('webhook_endpoints_transcription_idx').on(table.transcriptionId),
    check('webhook_endpoints_owner', sql`num_nonnulls(${table.userId}, ${table.teamId}) = 1`),
  ],
);

/** Each event sent to an endpoint, with its last attempt: what the endpoint's page lists. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    /** The `webhook-id` header: the same on every attempt, so receivers can drop repeats. */
    id: text('id').primaryKey(),
    endpointId: text('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: ['pending', 'retrying', 'delivered', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    responseStatus: integer('response_status'),
    error: text('error'),
    createdAt: createdAt(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
  },
  (table) => [index('webhook_deliveries_endpoint_idx').on(table.endpointId, table.createdAt)],
);

/** A stored piece of a resumable upload: the bytes one PATCH brought, under its own storage key. */
export interface ResumableUploadPart {
  key: string;
  size: number;
}

/**
 * A tus upload (`/api/uploads`) not yet turned into a transcription: its state lives here, so any
 * API process can answer for it, and its bytes in storage, one object per PATCH.
 */
export const resumableUploads = pgTable(
  'resumable_uploads',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** The declared `Upload-Length`, checked against the plan at creation. */
    length: bigint('length', { mode: 'number' }).notNull(),
    /** Bytes received and stored so far. */
    offset: bigint('offset', { mode: 'number' }).notNull().default(0),
    /** The `Upload-Metadata`, decoded: filename and the form's options. */
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
    parts: jsonb('parts').$type<ResumableUploadPart[]>().notNull().default([]),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The transcription the finished upload became; the row stays to answer a repeated PATCH. */
    transcriptionId: text('transcription_id'),
    /** Set while one request turns the finished upload into a transcription. */
    finishingAt: timestamp('finishing_at', { withTimezone: true }),
    /** The request holding the upload's lock, until `lockedUntil` unless it renews it. */
    lockToken: text('lock_token'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** Another request waits for the lock: the holder lets go. */
    releaseRequested: boolean('release_requested').notNull().default(false),
  },
  (table) => [
    index('resumable_uploads_user_idx').on(table.userId),
    index('resumable_uploads_expires_idx').on(table.expiresAt),
  ],
);

/**
 * A comment on a line of a transcript, or a reply to one (`parentId`). `segment` is the line's
 * index when it was written. Deleting a comment deletes its replies.
 */
export const transcriptComments = pgTable(
  'transcript_comments',
  {
    id: text('id').primaryKey(),
    transcriptionId: text('transcription_id')
      .notNull()
      .references(() => transcriptions.id, { onDelete: 'cascade' }),
    parentId: text('parent_id').references((): AnyPgColumn => transcriptComments.id, {
      onDelete: 'cascade',
    }),
    segment: integer('segment').notNull(),
    /** Null once its author's account is deleted: the comment stays, signed "Deleted user". */
    authorId: text('author_id').references(() => user.id, { onDelete: 'set null' }),
    text: encryptedText('text', FIELD_PURPOSES.commentText).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: text('resolved_by').references(() => user.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('transcript_comments_transcription_idx').on(table.transcriptionId, table.createdAt),
  ],
);

/** A marked span of one line: characters `start` to `end` of the line's text. */
export const transcriptHighlights = pgTable(
  'transcript_highlights',
  {
    id: text('id').primaryKey(),
    transcriptionId: text('transcription_id')
      .notNull()
      .references(() => transcriptions.id, { onDelete: 'cascade' }),
    segment: integer('segment').notNull(),
    start: integer('start').notNull(),
    end: integer('end').notNull(),
    authorId: text('author_id').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    index('transcript_highlights_transcription_idx').on(table.transcriptionId),
    check('transcript_highlights_span', sql`${table.start} >= 0 and ${table.end} > ${table.start}`),
  ],
);

/**
 * Every access that matters, appended and never changed (a trigger refuses updates, and deletes
 * except by the retention sweep). Ids, not foreign keys: the record outlives what it names.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: text('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** Who did it; null for the system (the retention job). */
    actorId: text('actor_id'),
    actorEmail: text('actor_email'),
    action: text('action', { enum: AUDIT_ACTIONS }).notNull(),
    /** The team whose trail it belongs to, if any. */
    teamId: text('team_id'),
    transcriptionId: text('transcription_id'),
    /** The transcription's name at the time, so the trail reads after it is deleted. */
    transcriptionName: text('transcription_name'),
    /** The member added, removed or changed. */
    targetUserId: text('target_user_id'),
    /** What else matters: the export format, the new role, the team moved to. */
    detail: jsonb('detail').$type<Record<string, string | number | null>>(),
  },
  (table) => [
    index('audit_events_actor_idx').on(table.actorId, table.at),
    index('audit_events_team_idx')
      .on(table.teamId, table.at)
      .where(sql`${table.teamId} is not null`),
    index('audit_events_at_idx').on(table.at),
    // A member's own activity lists what was done to them (added, removed, role changed) too.
    index('audit_events_target_idx')
      .on(table.targetUserId, table.at)
      .where(sql`${table.targetUserId} is not null`),
  ],
);

/**
 * The installation's database key, wrapped (AES-256-GCM) by the master key: what the encrypted
 * columns are encrypted under (docs/decisions/0090). One row, `database`.
 */
export const encryptionKeys = pgTable('encryption_keys', {
  id: text('id').primaryKey(),
  wrapped: text('wrapped').notNull(),
  createdAt: createdAt(),
});
