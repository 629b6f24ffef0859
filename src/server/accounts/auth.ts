import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import { PRODUCT_NAME } from '../../core/product.js';
import type { Database } from '../db/database.js';
import { authSchema } from '../db/schema.js';

export const AUTH_BASE_PATH = '/api/identity';
export const OIDC_PROVIDER_ID = 'oidc';
/** The header our Fastify adapter sets from the real client IP (req.ip honours TRUST_PROXY). */
export const CLIENT_IP_HEADER = 'x-sonoscript-client-ip';

export interface AuthOptions {
  db: Database;
  baseUrl: string;
  /** BASE_URL's origin when set; otherwise each request's own origin is the trusted one. */
  fixedOrigin: string | undefined;
  secret: string;
  oidc: { issuer: string; clientId: string; clientSecret: string } | undefined;
  /** Rate limits are on everywhere but can be loosened for test suites that sign up many users. */
  signInAttemptsPerMinute: number;
  log: (level: 'debug' | 'info' | 'warn' | 'error', message: string) => void;
}

export function createAuth(options: AuthOptions) {
  const secure = options.baseUrl.startsWith('https://');
  return betterAuth({
    appName: PRODUCT_NAME,
    logger: { level: 'warn', log: (level, message) => options.log(level, message) },
    baseURL: options.baseUrl,
    basePath: AUTH_BASE_PATH,
    secret: options.secret,
    // Requests reach better-auth on the origin they came to (see mount-auth), which the
    // cross-site guard has already matched against the browser's Origin.
    trustedOrigins:
      options.fixedOrigin !== undefined
        ? [options.fixedOrigin]
        : (request) => [request ? new URL(request.url).origin : new URL(options.baseUrl).origin],
    database: drizzleAdapter(options.db, { provider: 'pg', schema: authSchema }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      autoSignIn: true,
    },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 100,
      customRules: {
        '/sign-in/email': { window: 60, max: options.signInAttemptsPerMinute },
        '/sign-up/email': { window: 60, max: options.signInAttemptsPerMinute },
      },
    },
    advanced: {
      useSecureCookies: secure,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      defaultCookieAttributes: { sameSite: 'lax', httpOnly: true, secure },
    },
    plugins: options.oidc
      ? [
          genericOAuth({
            config: [
              {
                providerId: OIDC_PROVIDER_ID,
                discoveryUrl: `${options.oidc.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`,
                clientId: options.oidc.clientId,
                clientSecret: options.oidc.clientSecret,
                scopes: ['openid', 'email', 'profile'],
                pkce: true,
              },
            ],
          }),
        ]
      : [],
  });
}

export type Auth = ReturnType<typeof createAuth>;
