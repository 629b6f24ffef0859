import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_WHISPER_MODEL } from './speech/engines/whisper/whisper-model-catalog.js';

const booleanFromString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  BASE_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  AUDIO_DIR: optionalText,
  DATABASE_URL: optionalText.pipe(z.url().optional()),
  AUTH_SECRET: optionalText.pipe(z.string().min(32).optional()),
  TRUST_PROXY: booleanFromString.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RUN_WORKERS: booleanFromString.default(true),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
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
  CONTACT_EMAIL: z.email().default('support@sonoscript.example'),
  CONTACT_PHONE: z.string().min(1).default('+1 (555) 010-0199'),
  OFFICE_ADDRESS: z.string().min(1).default('100 Market Street, San Francisco, CA 94105'),
  SITE_VERIFICATION_PATH: optionalText,
  SITE_VERIFICATION_CONTENT: optionalText,
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
  dataDir: string;
  audioDir: string;
  database: { kind: 'pglite'; directory: string } | { kind: 'postgres'; url: string };
  authSecret: string | undefined;
  trustProxy: boolean;
  logLevel: Environment['LOG_LEVEL'];
  runWorkers: boolean;
  workerConcurrency: number;
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
    | { provider: 'test' };
  contact: { email: string; phone: string; office: string };
  siteVerification: { path: string; content: string } | undefined;
}

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
  if (stripeSetCount === 0 && env.NODE_ENV === 'production' && env.BILLING_TEST_MODE !== true) {
    problems.push(
      '  STRIPE_SECRET_KEY: test-mode billing is refused in production; set the Stripe keys or BILLING_TEST_MODE=true',
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
  if (problems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }

  const dataDir = path.resolve(env.DATA_DIR);
  const baseUrl = (env.BASE_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  return {
    nodeEnv: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    baseUrl,
    fixedOrigin: env.BASE_URL ? new URL(baseUrl).origin : undefined,
    dataDir,
    audioDir: path.resolve(env.AUDIO_DIR ?? path.join(dataDir, 'audio')),
    database: env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL }
      : { kind: 'pglite', directory: path.join(dataDir, 'db') },
    authSecret: env.AUTH_SECRET,
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL,
    runWorkers: env.RUN_WORKERS,
    workerConcurrency: env.WORKER_CONCURRENCY ?? availableParallelism(),
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
        : { provider: 'test' },
    contact: { email: env.CONTACT_EMAIL, phone: env.CONTACT_PHONE, office: env.OFFICE_ADDRESS },
    siteVerification:
      env.SITE_VERIFICATION_PATH && env.SITE_VERIFICATION_CONTENT
        ? { path: env.SITE_VERIFICATION_PATH, content: env.SITE_VERIFICATION_CONTENT }
        : undefined,
  };
}
