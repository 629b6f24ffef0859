import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { PRODUCT_NAME } from '../core/product.js';
import type { AudioInputLimits } from './speech/audio/audio-input-limits.js';
import { DEFAULT_WHISPER_MODEL } from './speech/engines/whisper/whisper-model-catalog.js';

const booleanFromString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

/** How long the audit trail is kept when AUDIT_RETENTION_DAYS is unset: a year. */
export const DEFAULT_AUDIT_RETENTION_DAYS = 365;

export const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  BASE_URL: z.url().optional(),
  ALLOWED_HOSTS: optionalText.pipe(
    z
      .string()
      .regex(/^[\w.:[\]-]+(\s*,\s*[\w.:[\]-]+)*$/, 'host names separated by commas')
      .transform((value) => value.split(',').map((name) => name.trim().toLowerCase()))
      .optional(),
  ),
  DATA_DIR: z.string().min(1).default('./data'),
  AUDIO_DIR: optionalText,
  STORAGE_URL: optionalText,
  S3_ENDPOINT: optionalText.pipe(z.url().optional()),
  S3_REGION: z.string().min(1).default('us-east-1'),
  AWS_ACCESS_KEY_ID: optionalText,
  AWS_SECRET_ACCESS_KEY: optionalText,
  S3_SSE: optionalText.pipe(z.enum(['AES256', 'aws:kms', 'aws:kms:dsse']).optional()),
  ENCRYPTION_KEY: optionalText,
  ENCRYPTION_KEY_FILE: optionalText,
  ENCRYPTION_PREVIOUS_KEY: optionalText,
  MIN_FREE_DISK_MB: z.coerce.number().int().min(0).default(1024),
  LIBRARY_CACHE_MB: z.coerce.number().positive().max(65_536).default(64),
  SESSION_CACHE_MB: z.coerce.number().positive().max(65_536).default(32),
  AUDIO_MAX_SAMPLE_RATE: z.coerce.number().int().min(8000).default(192_000),
  AUDIO_MAX_CHANNELS: z.coerce.number().int().min(1).max(255).default(8),
  AUDIO_INSPECT_SECONDS: z.coerce.number().positive().max(3600).default(20),
  FREE_TRIALS_AT_ONCE: z.coerce.number().int().min(1).default(4),
  FREE_TRIALS_AT_ONCE_PER_ADDRESS: z.coerce.number().int().min(1).default(1),
  DATABASE_URL: optionalText.pipe(z.url().optional()),
  AUTH_SECRET: optionalText.pipe(z.string().min(32).optional()),
  TRUST_PROXY: booleanFromString.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RUN_WORKERS: booleanFromString.default(true),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(60),
  API_REQUESTS_IN_FLIGHT: z.coerce.number().int().min(1).max(1000).default(3),
  EXPORT_THREADS: z.coerce.number().int().min(1).max(64).default(2),
  TRANSCRIPTION_ENGINE: z.enum(['auto', 'whisper', 'pocketsphinx', 'openai']).default('auto'),
  WHISPER_MODEL: optionalText,
  WHISPER_MODELS_DIR: optionalText,
  WHISPER_MODEL_BASE_URL: optionalText.pipe(z.url().optional()),
  WHISPER_THREADS: z.coerce.number().int().min(1).max(256).optional(),
  WHISPER_SERVER_PATH: optionalText,
  TRANSCRIPTION_API_URL: optionalText.pipe(z.url().optional()),
  TRANSCRIPTION_API_KEY: optionalText,
  TRANSCRIPTION_MODEL: z.string().min(1).default('whisper-1'),
  OIDC_ISSUER: optionalText.pipe(z.url().optional()),
  OIDC_CLIENT_ID: optionalText,
  OIDC_CLIENT_SECRET: optionalText,
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_PUBLISHABLE_KEY: optionalText,
  STRIPE_PRICE_ID: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  BILLING_TEST_MODE: booleanFromString.optional(),
  SMTP_URL: optionalText.pipe(z.url().optional()),
  MAIL_FROM: optionalText,
  CONTACT_INBOX: optionalText.pipe(z.email().optional()),
  CONTACT_EMAIL: z.email().default('support@sonoscript.example'),
  CONTACT_PHONE: z.string().min(1).default('+1 (555) 010-0199'),
  OFFICE_ADDRESS: z.string().min(1).default('100 Market Street, San Francisco, CA 94105'),
  SITE_VERIFICATION_PATH: optionalText,
  SITE_VERIFICATION_CONTENT: optionalText,
  HEALTH_TOKEN: optionalText.pipe(z.string().min(16).optional()),
  ADMIN_EMAILS: optionalText.pipe(
    z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((email) => email.trim().toLowerCase())
          .filter((email) => email !== ''),
      )
      .pipe(z.array(z.email('email addresses separated by commas')))
      .optional(),
  ),
  METRICS_TOKEN: optionalText.pipe(z.string().min(16).optional()),
  WORKER_METRICS_PORT: optionalText.pipe(
    z
      .string()
      .regex(/^\d+$/, 'a port number')
      .transform(Number)
      .pipe(z.number().int().min(1).max(65535))
      .optional(),
  ),
  HTTP_HEADERS_TIMEOUT_SECONDS: z.coerce.number().positive().max(3600).default(20),
  HTTP_IDLE_TIMEOUT_SECONDS: z.coerce.number().positive().max(3600).default(30),
  UPLOAD_MIN_BYTES_PER_SECOND: z.coerce.number().int().min(1).default(8192),
  UPLOAD_RATE_WINDOW_SECONDS: z.coerce.number().positive().max(3600).default(30),
  REFUSED_BODY_DRAIN_SECONDS: z.coerce.number().positive().max(3600).default(5),
  MAX_CONNECTIONS_PER_IP: optionalText.pipe(
    z.string().regex(/^\d+$/, 'a whole number, 0 for no cap').transform(Number).optional(),
  ),
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().positive().max(3600).default(30),
  LIVE_PREVIEW_MAX_SESSIONS: z.coerce.number().int().min(1).max(10_000).default(16),
  LIVE_PREVIEW_PRO_RESERVED: z.coerce.number().int().min(0).max(10_000).default(4),
  LIVE_PREVIEW_SESSIONS_PER_ACCOUNT: z.coerce.number().int().min(1).max(100).default(2),
  LIVE_PREVIEW_IDLE_SECONDS: z.coerce.number().positive().max(600).default(15),
  URL_IMPORT_ALLOW_HOSTS: optionalText.pipe(
    z
      .string()
      .regex(/^[\w.:[\]-]+(\s*,\s*[\w.:[\]-]+)*$/, 'host names separated by commas')
      .transform((value) =>
        value.split(',').map((name) =>
          name
            .trim()
            .replace(/^\[|\]$/g, '')
            .toLowerCase(),
        ),
      )
      .optional(),
  ),
  WEBHOOK_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  RETENTION_MAX_DAYS: optionalText.pipe(
    z
      .string()
      .regex(/^\d+$/, 'a whole number of days')
      .transform(Number)
      .pipe(z.number().int().min(1).max(36_500))
      .optional(),
  ),
  AUDIT_RETENTION_DAYS: optionalText.pipe(
    z
      .string()
      .regex(/^\d+$/, 'a whole number of days, from 1 to 36500')
      .transform(Number)
      .pipe(z.number().int().min(1, 'at least 1 day').max(36_500, 'at most 36500 days'))
      .optional(),
  ),
});

export type Environment = z.infer<typeof environmentSchema>;

export interface Config {
  nodeEnv: Environment['NODE_ENV'];
  port: number;
  host: string;
  baseUrl: string;
  /**
   * BASE_URL's origin when the operator set it. Unset, the server answers on whatever address it
   * is opened by (localhost, 127.0.0.1, the machine's IP), and same-origin means that address.
   */
  fixedOrigin: string | undefined;
  /**
   * Without BASE_URL, host names besides this machine's own names and addresses that people
   * open the server by (ALLOWED_HOSTS): a Host that is none of them is not trusted as the origin.
   */
  allowedHosts: string[];
  /** Where the server may connect for URL imports and webhooks (URL_IMPORT_ALLOW_HOSTS). */
  outbound: { allowHosts: string[] };
  /** A failed webhook delivery's first retry; each later one waits about twice as long. */
  webhookRetryDelaySeconds: number;
  /**
   * RETENTION_MAX_DAYS: no transcript is kept longer than this many days after its upload,
   * whatever its owner chose; null when the operator set no cap (docs/decisions/0085).
   */
  retentionMaxDays: number | null;
  /** AUDIT_RETENTION_DAYS: audit events older than this are deleted (docs/decisions/0089). */
  auditRetentionDays: number;
  dataDir: string;
  audioDir: string;
  /** Where audio is kept: AUDIO_DIR on local disk, or an S3-compatible bucket. */
  storage: StorageConfig;
  /**
   * The master key that wraps every stored object's data key: ENCRYPTION_KEY or the contents of
   * ENCRYPTION_KEY_FILE; unset, the key generated into `generatedKeyFile` on first start.
   */
  encryption: {
    masterKey: Buffer | undefined;
    generatedKeyFile: string;
    /** ENCRYPTION_PREVIOUS_KEY: still opens objects while `npm run rotate-key` re-wraps them. */
    previousKey?: Buffer | undefined;
  };
  /** Uploads being received and jobs' temporary files: always local, under DATA_DIR. */
  workDir: string;
  /** Uploads are refused while the disk holding the audio has less free space than this. */
  minFreeDiskBytes: number;
  /** What this process keeps in memory at most, for all users together. */
  memoryCaches: {
    /** Users' list pages and usage (LIBRARY_CACHE_MB). */
    libraryBytes: number;
    /** Verified sessions (SESSION_CACHE_MB). */
    sessionBytes: number;
  };
  /** What an uploaded file may demand before it is decoded; beyond it, a 422 that says which. */
  audioLimits: AudioInputLimits;
  /** Anonymous trials in progress at once, in this process: all of them, and from one address. */
  freeTrialsAtOnce: { total: number; perAddress: number };
  database: { kind: 'pglite'; directory: string } | { kind: 'postgres'; url: string };
  authSecret: string | undefined;
  trustProxy: boolean;
  logLevel: Environment['LOG_LEVEL'];
  runWorkers: boolean;
  workerConcurrency: number;
  /**
   * Requests each API key, and each account (all its keys together), may make per minute,
   * counted in the database across processes.
   */
  apiRateLimitPerMinute: number;
  /** `/v1/audio/transcriptions` requests one account may have open at once, per process. */
  apiRequestsInFlight: number;
  /** The recorder's live preview: places across all API processes, counted in the database. */
  livePreview: {
    maxSessions: number;
    /** Places only Pro sessions may take: free sessions together hold at most the rest. */
    proReserved: number;
    sessionsPerAccount: number;
    /** A session that brought less than half this long in audio over this long is closed. */
    idleSeconds: number;
  };
  /** Threads that build downloads (SRT, DOCX, PDF…) off the event loop; more exports wait. */
  exportThreads: number;
  transcription: {
    engine: Environment['TRANSCRIPTION_ENGINE'];
    apiUrl: string | undefined;
    apiKey: string | undefined;
    model: string;
    whisper: {
      /** WHISPER_MODEL as set; unset means a model present in modelsDir, else `defaultModel`. */
      model: string | undefined;
      defaultModel: string;
      modelsDir: string;
      modelsBaseUrl: string | undefined;
      threads: number | undefined;
      serverPath: string | undefined;
    };
  };
  oidc: { issuer: string; clientId: string; clientSecret: string } | undefined;
  billing:
    | {
        provider: 'stripe';
        secretKey: string;
        publishableKey: string;
        priceId: string;
        webhookSecret: string;
      }
    | { provider: 'test' }
    /** No Stripe keys on a public address: Pro is not on sale. */
    | { provider: 'none' };
  contact: { email: string; phone: string; office: string };
  /** Outgoing email; undefined when SMTP_URL is unset (no reset, verification or notices). */
  mail: { smtpUrl: string; from: string; contactInbox: string } | undefined;
  siteVerification: { path: string; content: string } | undefined;
  http: {
    /** Time for a request's headers to arrive. */
    headersTimeoutMs: number;
    /** A kept-alive connection with no request in this time is closed. */
    idleTimeoutMs: number;
    /** A body must bring at least this many bytes a second, averaged over each window. */
    bodyMinBytesPerSecond: number;
    bodyRateWindowMs: number;
    /**
     * A request answered before its body arrived (a refusal) has its connection closed within
     * this time, the rest of its body read and discarded meanwhile so the client sees the answer.
     */
    refusedBodyDrainMs: number;
    /** 0: no cap (the default behind TRUST_PROXY, where every connection is the proxy's). */
    maxConnectionsPerIp: number;
    /** After SIGTERM, requests in flight get this long before their connections are closed. */
    shutdownGraceMs: number;
  };
  /** Operators who send it as a bearer token see /api/health's details; unset, nobody does. */
  healthToken: string | undefined;
  /** Addresses (lower case) of the accounts that see /admin and /api/admin; empty: nobody. */
  adminEmails: string[];
  /** Prometheus sends it as a bearer token to read /metrics; unset, /metrics does not exist. */
  metricsToken: string | undefined;
  /** Where a worker process (npm run worker) answers /metrics; unset, it answers no HTTP at all. */
  workerMetricsPort: number | undefined;
}

/** localhost (and its subdomains), 127.0.0.0/8 and ::1: addresses only this machine can open. */
export function isLocalHostname(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '::1' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)
  );
}

/**
 * Test-mode billing sells Pro for a test card, so only where nobody else can buy: a local public
 * address (BASE_URL; unset, `localhost` outside production) or an operator's explicit
 * BILLING_TEST_MODE=true (demos). The Host a request names cannot decide it: clients choose it.
 */
function testModeBillingAllowed(env: Environment): boolean {
  if (env.BILLING_TEST_MODE !== undefined) return env.BILLING_TEST_MODE;
  if (env.BASE_URL) return isLocalHostname(new URL(env.BASE_URL).hostname);
  return env.NODE_ENV !== 'production';
}

export type StorageConfig =
  | { kind: 'local'; directory: string }
  | {
      kind: 's3';
      bucket: string;
      prefix: string;
      endpoint: string | undefined;
      region: string;
      /** Unset: the AWS SDK's own chain (profiles, instance roles). */
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
      /** S3_SSE: the bucket's own encryption asked for on every upload, besides ours. */
      serverSideEncryption: 'AES256' | 'aws:kms' | 'aws:kms:dsse' | undefined;
    };

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads and validates the environment once; every other module receives a Config. */
export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environmentSchema.safeParse(environment);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `  ${issue.path.join('.') || '(environment)'}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const env = parsed.data;
  const problems: string[] = [];

  const oidcValues = [env.OIDC_ISSUER, env.OIDC_CLIENT_ID, env.OIDC_CLIENT_SECRET];
  const oidcSetCount = oidcValues.filter(Boolean).length;
  if (oidcSetCount > 0 && oidcSetCount < 3) {
    problems.push('  OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET: set all three or none');
  }

  const stripeValues = [
    env.STRIPE_SECRET_KEY,
    env.STRIPE_PUBLISHABLE_KEY,
    env.STRIPE_PRICE_ID,
    env.STRIPE_WEBHOOK_SECRET,
  ];
  const stripeSetCount = stripeValues.filter(Boolean).length;
  if (stripeSetCount > 0 && stripeSetCount < 4) {
    problems.push(
      '  STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_PRICE_ID, STRIPE_WEBHOOK_SECRET: set all four or none',
    );
  }
  if (env.TRANSCRIPTION_ENGINE === 'openai' && !env.TRANSCRIPTION_API_URL) {
    problems.push('  TRANSCRIPTION_API_URL: required when TRANSCRIPTION_ENGINE=openai');
  }
  if (env.NODE_ENV === 'production' && !env.AUTH_SECRET) {
    problems.push('  AUTH_SECRET: required in production (at least 32 characters)');
  }
  if (Boolean(env.SITE_VERIFICATION_PATH) !== Boolean(env.SITE_VERIFICATION_CONTENT)) {
    problems.push('  SITE_VERIFICATION_PATH, SITE_VERIFICATION_CONTENT: set both or neither');
  }
  const s3 = env.STORAGE_URL ? parseStorageUrl(env.STORAGE_URL) : undefined;
  if (s3 === null) {
    problems.push(
      '  STORAGE_URL: use s3://bucket or s3://bucket/prefix (unset keeps audio in AUDIO_DIR)',
    );
  }
  const masterKey = readMasterKey(env, problems);
  const previousKey = env.ENCRYPTION_PREVIOUS_KEY
    ? decodeMasterKey(env.ENCRYPTION_PREVIOUS_KEY)
    : undefined;
  if (env.ENCRYPTION_PREVIOUS_KEY && !previousKey)
    problems.push('  ENCRYPTION_PREVIOUS_KEY: must be 32 random bytes in base64');
  if (previousKey && !masterKey)
    problems.push(
      '  ENCRYPTION_PREVIOUS_KEY: only with ENCRYPTION_KEY or ENCRYPTION_KEY_FILE (the new key)',
    );
  if (problems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }

  const dataDir = path.resolve(env.DATA_DIR);
  const audioDir = path.resolve(env.AUDIO_DIR ?? path.join(dataDir, 'audio'));
  const baseUrl = (env.BASE_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  return {
    nodeEnv: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    baseUrl,
    fixedOrigin: env.BASE_URL ? new URL(baseUrl).origin : undefined,
    allowedHosts: env.ALLOWED_HOSTS ?? [],
    outbound: { allowHosts: env.URL_IMPORT_ALLOW_HOSTS ?? [] },
    webhookRetryDelaySeconds: env.WEBHOOK_RETRY_DELAY_SECONDS,
    retentionMaxDays: env.RETENTION_MAX_DAYS ?? null,
    auditRetentionDays: env.AUDIT_RETENTION_DAYS ?? DEFAULT_AUDIT_RETENTION_DAYS,
    dataDir,
    audioDir,
    storage: s3
      ? {
          kind: 's3',
          ...s3,
          endpoint: env.S3_ENDPOINT,
          region: env.S3_REGION,
          credentials:
            env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY
              ? { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey: env.AWS_SECRET_ACCESS_KEY }
              : undefined,
          serverSideEncryption: env.S3_SSE,
        }
      : { kind: 'local', directory: audioDir },
    encryption: {
      masterKey,
      generatedKeyFile: path.join(dataDir, 'encryption.key'),
      previousKey,
    },
    workDir: path.join(dataDir, 'work'),
    minFreeDiskBytes: env.MIN_FREE_DISK_MB * 1024 * 1024,
    memoryCaches: {
      libraryBytes: Math.round(env.LIBRARY_CACHE_MB * 1024 * 1024),
      sessionBytes: Math.round(env.SESSION_CACHE_MB * 1024 * 1024),
    },
    audioLimits: {
      maxSampleRate: env.AUDIO_MAX_SAMPLE_RATE,
      maxChannels: env.AUDIO_MAX_CHANNELS,
      inspectTimeoutMs: env.AUDIO_INSPECT_SECONDS * 1000,
    },
    freeTrialsAtOnce: {
      total: env.FREE_TRIALS_AT_ONCE,
      perAddress: env.FREE_TRIALS_AT_ONCE_PER_ADDRESS,
    },
    database: env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL }
      : { kind: 'pglite', directory: path.join(dataDir, 'db') },
    authSecret: env.AUTH_SECRET,
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL,
    runWorkers: env.RUN_WORKERS,
    workerConcurrency: env.WORKER_CONCURRENCY ?? availableParallelism(),
    apiRateLimitPerMinute: env.API_RATE_LIMIT_PER_MINUTE,
    apiRequestsInFlight: env.API_REQUESTS_IN_FLIGHT,
    livePreview: {
      maxSessions: env.LIVE_PREVIEW_MAX_SESSIONS,
      proReserved: Math.min(env.LIVE_PREVIEW_PRO_RESERVED, env.LIVE_PREVIEW_MAX_SESSIONS),
      sessionsPerAccount: env.LIVE_PREVIEW_SESSIONS_PER_ACCOUNT,
      idleSeconds: env.LIVE_PREVIEW_IDLE_SECONDS,
    },
    exportThreads: env.EXPORT_THREADS,
    transcription: {
      engine: env.TRANSCRIPTION_ENGINE,
      apiUrl: env.TRANSCRIPTION_API_URL,
      apiKey: env.TRANSCRIPTION_API_KEY,
      model: env.TRANSCRIPTION_MODEL,
      whisper: {
        model: env.WHISPER_MODEL,
        defaultModel: DEFAULT_WHISPER_MODEL,
        modelsDir: path.resolve(env.WHISPER_MODELS_DIR ?? path.join(dataDir, 'models')),
        modelsBaseUrl: env.WHISPER_MODEL_BASE_URL,
        threads: env.WHISPER_THREADS,
        serverPath: env.WHISPER_SERVER_PATH ? path.resolve(env.WHISPER_SERVER_PATH) : undefined,
      },
    },
    oidc:
      env.OIDC_ISSUER && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET
        ? {
            issuer: env.OIDC_ISSUER,
            clientId: env.OIDC_CLIENT_ID,
            clientSecret: env.OIDC_CLIENT_SECRET,
          }
        : undefined,
    billing:
      env.STRIPE_SECRET_KEY &&
      env.STRIPE_PUBLISHABLE_KEY &&
      env.STRIPE_PRICE_ID &&
      env.STRIPE_WEBHOOK_SECRET
        ? {
            provider: 'stripe',
            secretKey: env.STRIPE_SECRET_KEY,
            publishableKey: env.STRIPE_PUBLISHABLE_KEY,
            priceId: env.STRIPE_PRICE_ID,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET,
          }
        : testModeBillingAllowed(env)
          ? { provider: 'test' }
          : { provider: 'none' },
    contact: { email: env.CONTACT_EMAIL, phone: env.CONTACT_PHONE, office: env.OFFICE_ADDRESS },
    mail: env.SMTP_URL
      ? {
          smtpUrl: env.SMTP_URL,
          from: env.MAIL_FROM ?? `${PRODUCT_NAME} <${env.CONTACT_EMAIL}>`,
          contactInbox: env.CONTACT_INBOX ?? env.CONTACT_EMAIL,
        }
      : undefined,
    siteVerification:
      env.SITE_VERIFICATION_PATH && env.SITE_VERIFICATION_CONTENT
        ? { path: env.SITE_VERIFICATION_PATH, content: env.SITE_VERIFICATION_CONTENT }
        : undefined,
    healthToken: env.HEALTH_TOKEN,
    adminEmails: env.ADMIN_EMAILS ?? [],
    metricsToken: env.METRICS_TOKEN,
    workerMetricsPort: env.WORKER_METRICS_PORT,
    http: {
      headersTimeoutMs: env.HTTP_HEADERS_TIMEOUT_SECONDS * 1000,
      idleTimeoutMs: env.HTTP_IDLE_TIMEOUT_SECONDS * 1000,
      bodyMinBytesPerSecond: env.UPLOAD_MIN_BYTES_PER_SECOND,
      bodyRateWindowMs: env.UPLOAD_RATE_WINDOW_SECONDS * 1000,
      refusedBodyDrainMs: env.REFUSED_BODY_DRAIN_SECONDS * 1000,
      maxConnectionsPerIp: env.MAX_CONNECTIONS_PER_IP ?? (env.TRUST_PROXY ? 0 : 100),
      shutdownGraceMs: env.SHUTDOWN_GRACE_SECONDS * 1000,
    },
  };
}

/** A master key is 32 bytes written in base64: ENCRYPTION_KEY, or alone in ENCRYPTION_KEY_FILE. */
export function decodeMasterKey(text: string): Buffer | undefined {
  const trimmed = text.trim();
  if (!/^[A-Za-z0-9+/_-]+=*$/.test(trimmed)) return undefined;
  const key = Buffer.from(trimmed, 'base64');
  return key.length === 32 ? key : undefined;
}

function readMasterKey(env: Environment, problems: string[]): Buffer | undefined {
  const wanted = '32 random bytes in base64 (openssl rand -base64 32)';
  if (env.ENCRYPTION_KEY && env.ENCRYPTION_KEY_FILE) {
    problems.push('  ENCRYPTION_KEY, ENCRYPTION_KEY_FILE: set one or neither');
    return undefined;
  }
  if (env.ENCRYPTION_KEY) {
    const key = decodeMasterKey(env.ENCRYPTION_KEY);
    if (!key) problems.push(`  ENCRYPTION_KEY: must be ${wanted}`);
    return key;
  }
  if (!env.ENCRYPTION_KEY_FILE) return undefined;
  let text: string;
  try {
    text = readFileSync(env.ENCRYPTION_KEY_FILE, 'utf8');
  } catch (error) {
    problems.push(
      `  ENCRYPTION_KEY_FILE: cannot read ${env.ENCRYPTION_KEY_FILE} (${(error as NodeJS.ErrnoException).code ?? String(error)})`,
    );
    return undefined;
  }
  const key = decodeMasterKey(text);
  if (!key) problems.push(`  ENCRYPTION_KEY_FILE: ${env.ENCRYPTION_KEY_FILE} must hold ${wanted}`);
  return key;
}

/** `s3://bucket/some/prefix` → bucket and `some/prefix/`; null when it is not such a URL. */
function parseStorageUrl(value: string): { bucket: string; prefix: string } | null {
  const match = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/(.*))?$/.exec(value);
  if (!match?.[1]) return null;
  const prefix = (match[2] ?? '').replace(/^\/+|\/+$/g, '');
  return { bucket: match[1], prefix: prefix === '' ? '' : `${prefix}/` };
}
