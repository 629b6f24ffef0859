import { betterAuth } from 'better-auth';
import { APIError, createEmailVerificationToken } from 'better-auth/api';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import { PRODUCT_NAME } from '../../core/product.js';
import { USER_NAME_MAX_CHARACTERS, userNameProblem } from '../../core/user-name.js';
import type { Database } from '../db/database.js';
import { authSchema } from '../db/schema.js';
import type { SessionCache } from './session-cache.js';
import { RESET_LINK_HOURS } from './account-emails.js';
import type { AccountMail } from './account-mail.js';
import { markEmailVerified } from './mark-email-verified.js';
import { refuseSignInMethodForDeletedUser } from './deleted-account-guard.js';
import { recordSignIn, refuseSessionForDisabledUser } from './disabled-account-guard.js';

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
  /** Verified sessions kept in memory; told whenever better-auth ends a session or edits a user. */
  sessions: SessionCache;
  /** Reset links, verification and sign-up notices; without SMTP none of them exist. */
  accountMail: AccountMail;
  /** Told of each account made by a sign-up, so sign-in tries before it no longer count. */
  onSignUp?: (email: string) => void;
}

export const EMAIL_NOT_VERIFIED_MESSAGE =
  'Please confirm your email address first: we have sent you a new link.';
const VERIFICATION_LINK_SECONDS = 60 * 60 * 24;

function clampUserName(name: string): string {
  return Array.from(name.trim()).slice(0, USER_NAME_MAX_CHARACTERS).join('');
}

/** A name is checked on the server too: 2 to 100 characters, whatever a client sends. */
function refuseBadUserName(name: string): void {
  const problem = userNameProblem(name);
  if (problem) throw new APIError('BAD_REQUEST', { code: 'INVALID_NAME', message: problem });
}

interface MailUser {
  name: string;
  email: string;
}

export function createAuth(options: AuthOptions) {
  const mail = options.accountMail;
  const secure = options.baseUrl.startsWith('https://');
  const { sessions } = options;
  const auth = betterAuth({
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
      // Sign-up answers alike for a new and a taken address and starts no session (a cookie
      // would tell them apart); the form signs in next, or with email the confirmation link does.
      autoSignIn: false,
      resetPasswordTokenExpiresIn: RESET_LINK_HOURS * 60 * 60,
      revokeSessionsOnPasswordReset: true,
      ...(mail.enabled
        ? {
            sendResetPassword: async ({ user, token }: { user: MailUser; token: string }) =>
              mail.sendPasswordReset(user, token),
          }
        : {}),
      // The reset link came by email, so following it proves the address is theirs.
      onPasswordReset: async ({ user }) => markEmailVerified(options.db, user.id),
      onExistingUserSignUp: async ({ user }) => mail.sendSignUpAttempt(user),
    },
    emailVerification: mail.enabled
      ? {
          sendVerificationEmail: async ({ user, url }) => mail.sendVerification(user, url),
          sendOnSignUp: true,
          autoSignInAfterVerification: true,
          expiresIn: VERIFICATION_LINK_SECONDS,
        }
      : undefined,
    // With email, a new address is confirmed by a link sent to it (see change-email.ts).
    user: { changeEmail: { enabled: mail.enabled } },
    // OIDC may join a local account only once that account has proven it owns its address;
    // otherwise whoever registered someone's address first would get their single sign-on.
    account: { accountLinking: { enabled: true, requireLocalEmailVerified: true } },
    databaseHooks: {
      session: {
        create: {
          // With email, a password sign-in needs a confirmed address: the link sent at sign-up
          // is the first sign-in, so a sign-up never reveals whether the address was taken.
          before: async (session, context) => {
            await refuseSessionForDisabledUser(options.db, session.userId);
            if (!mail.enabled || context?.path !== '/sign-in/email') return;
            const user = await context.context.internalAdapter.findUserById(session.userId);
            if (!user || user.emailVerified) return;
            const token = await createEmailVerificationToken(
              context.context.secret,
              user.email,
              undefined,
              VERIFICATION_LINK_SECONDS,
              { userId: user.id },
            );
            mail.sendVerification(
              user,
              `${context.context.baseURL}/verify-email?token=${token}&callbackURL=${encodeURIComponent('/')}`,
            );
            throw new APIError('FORBIDDEN', {
              code: 'EMAIL_NOT_VERIFIED',
              message: EMAIL_NOT_VERIFIED_MESSAGE,
            });
          },
          after: async (created) => recordSignIn(options.db, created.userId, new Date()),
        },
        // Sign-out, revoked sessions, password changes and profile edits reach every process at once.
        delete: { after: async (ended) => sessions.revokeUser(ended.userId) },
      },
      user: {
        create: {
          before: async (created, context) => {
            if (context?.path === '/sign-up/email') {
              refuseBadUserName(created.name);
              return;
            }
            // A name from an identity provider is taken as it is, cut to what a name may hold.
            return { data: { ...created, name: clampUserName(created.name) } };
          },
          after: async (created, context) => {
            if (context?.path === '/sign-up/email') options.onSignUp?.(created.email);
          },
        },
        update: {
          before: async (changes) => {
            if (typeof changes.name === 'string') refuseBadUserName(changes.name);
          },
          after: async (changed) => sessions.revokeUser(changed.id),
        },
      },
      account: {
        create: {
          before: async (created) => refuseSignInMethodForDeletedUser(options.db, created.userId),
        },
      },
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
        // Each try checks the current password.
        '/change-password': { window: 60, max: options.signInAttemptsPerMinute },
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
  return Object.assign(auth, { sessions });
}

export type Auth = ReturnType<typeof createAuth>;
