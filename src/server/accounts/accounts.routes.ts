import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  type AuthStatus,
  type CurrentUser,
  authStatusSchema,
  currentUserSchema,
} from '../../core/api/account.js';
import { AppError } from '../errors/app-error.js';
import { apiErrorSchema } from '../../core/api/common.js';
import { OPTIONAL_SESSION_SECURITY, SESSION_SECURITY } from '../http/api-schemas.js';
import type { OriginOf } from '../http/request-origin.js';
import { isSameOriginNavigation } from '../http/same-origin-navigation.js';
import { AUTH_BASE_PATH, OIDC_PROVIDER_ID, type Auth } from './auth.js';
import { authenticatedSessionUser } from './authenticate.js';
import { sendFetchResponse, toFetchRequest } from './mount-auth.js';
import { sanitizeReturnTo } from './return-to.js';

export const LOGOUT_CROSS_SITE =
  'Sign-out was refused because the request came from another site. Use "Sign out" in the menu of this site.';

/** `?a=b` of a request URL, or '' when it has none. */
function queryOf(url: string): string {
  const index = url.indexOf('?');
  return index < 0 ? '' : url.slice(index);
}

export interface AccountsRoutesOptions {
  auth: Auth;
  /** Whether the user has Pro now: billing answers it; accounts only show it. */
  isPaid: (userId: string) => Promise<boolean>;
  /** Whether the signed-in address is one of ADMIN_EMAILS. */
  isAdmin: (email: string) => boolean;
  originOf: OriginOf;
  oidcEnabled: boolean;
  /** Serves the web app's sign-in page (the SPA shell). */
  sendAppShell: (reply: FastifyReply) => Promise<void>;
}

export async function accountsRoutes(app: FastifyInstance, options: AccountsRoutesOptions) {
  const { auth, originOf } = options;

  /** A same-origin POST to better-auth on behalf of a full-page GET navigation. */
  function authPost(request: FastifyRequest, path: string, body: object): Request {
    const origin = originOf(request);
    const template = toFetchRequest(request, origin, `${AUTH_BASE_PATH}${path}`);
    const headers = new Headers(template.headers);
    headers.set('content-type', 'application/json');
    headers.set('origin', origin);
    return new Request(template.url, { method: 'POST', headers, body: JSON.stringify(body) });
  }

  app.get(
    '/api/auth/status',
    {
      config: { auth: 'optional-session', etag: true },
      schema: {
        tags: ['Account'],
        summary: 'Whether this browser is signed in',
        security: OPTIONAL_SESSION_SECURITY,
        response: { 200: authStatusSchema, 429: apiErrorSchema },
      },
    },
    async (request): Promise<AuthStatus> => ({ isAuthenticated: request.user !== null }),
  );

  app.get(
    '/api/auth/user',
    {
      config: { auth: 'session', etag: true },
      schema: {
        tags: ['Account'],
        summary: 'The signed-in user',
        security: SESSION_SECURITY,
        response: { 200: currentUserSchema, 401: apiErrorSchema },
      },
    },
    async (request): Promise<CurrentUser> => {
      const user = authenticatedSessionUser(request);
      return {
        id: user.id,
        username: user.name,
        email: user.email,
        profileImageUrl: user.image,
        isPaid: await options.isPaid(user.id),
        isAdmin: options.isAdmin(user.email),
      };
    },
  );

  app.get<{ Querystring: { returnTo?: string } }>(
    '/api/login',
    { config: { auth: 'optional-session' } },
    async (request, reply) => {
      const returnTo = sanitizeReturnTo(request.query.returnTo, originOf(request));
      if (request.user) return reply.redirect(returnTo, 302);
      // The product's own sign-in page lives at /sign-in (decision 23); the query goes with it.
      if (!options.oidcEnabled) return reply.redirect(`/sign-in${queryOf(request.url)}`, 302);
      const response = await auth.handler(
        authPost(request, '/sign-in/social', {
          provider: OIDC_PROVIDER_ID,
          callbackURL: returnTo,
          disableRedirect: true,
        }),
      );
      // better-auth answers with a redirect (Location) or with JSON `{ url }`, by version.
      const text = await response.clone().text();
      const providerUrl =
        response.headers.get('location') ??
        (response.ok && text ? ((JSON.parse(text) as { url?: string }).url ?? null) : null);
      if (!providerUrl) return sendFetchResponse(reply, response);
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      return reply.redirect(providerUrl, 302);
    },
  );

  app.get<{ Querystring: { returnTo?: string } }>(
    '/sign-in',
    { config: { auth: 'optional-session' } },
    async (request, reply) => {
      if (request.user) {
        return reply.redirect(sanitizeReturnTo(request.query.returnTo, originOf(request)), 302);
      }
      // With single sign-on there is no password form: /api/login goes to the provider.
      if (options.oidcEnabled) return reply.redirect(`/api/login${queryOf(request.url)}`, 302);
      return options.sendAppShell(reply);
    },
  );

  async function signOut(request: FastifyRequest, reply: FastifyReply) {
    const response = await auth.handler(authPost(request, '/sign-out', {}));
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) reply.header('set-cookie', cookies);
  }

  // The header's "Sign out" link is a full-page navigation; another site's page must not be
  // able to sign people out by linking or framing it.
  app.get('/api/logout', async (request, reply) => {
    if (!isSameOriginNavigation(request, originOf(request))) {
      throw new AppError('forbidden', LOGOUT_CROSS_SITE);
    }
    await signOut(request, reply);
    return reply.redirect('/', 302);
  });

  // The same for forms and scripts; the cross-site guard has checked the Origin already.
  app.post('/api/logout', async (request, reply) => {
    await signOut(request, reply);
    return reply.redirect('/', 303);
  });
}
