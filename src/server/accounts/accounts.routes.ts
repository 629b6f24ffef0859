import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AuthStatus, CurrentUser } from '../../core/api-types.js';
import { isUserPaid } from '../billing/is-user-paid.js';
import type { Database } from '../db/database.js';
import type { OriginOf } from '../http/request-origin.js';
import { AUTH_BASE_PATH, OIDC_PROVIDER_ID, type Auth } from './auth.js';
import { findSessionUser, requireSessionUser } from './current-user.js';
import { sendFetchResponse, toFetchRequest } from './mount-auth.js';
import { sanitizeReturnTo } from './return-to.js';

export interface AccountsRoutesOptions {
  auth: Auth;
  db: Database;
  originOf: OriginOf;
  oidcEnabled: boolean;
  /** Serves the web app's sign-in page (the SPA shell). */
  sendAppShell: (reply: FastifyReply) => Promise<void>;
}

export async function accountsRoutes(app: FastifyInstance, options: AccountsRoutesOptions) {
  const { auth, db, originOf } = options;

  /** A same-origin POST to better-auth on behalf of a full-page GET navigation. */
  function authPost(request: FastifyRequest, path: string, body: object): Request {
    const origin = originOf(request);
    const template = toFetchRequest(request, origin, `${AUTH_BASE_PATH}${path}`);
    const headers = new Headers(template.headers);
    headers.set('content-type', 'application/json');
    headers.set('origin', origin);
    return new Request(template.url, { method: 'POST', headers, body: JSON.stringify(body) });
  }

  app.get('/api/auth/status', async (request): Promise<AuthStatus> => {
    const user = await findSessionUser(auth, request);
    return { isAuthenticated: user !== null };
  });

  app.get('/api/auth/user', async (request): Promise<CurrentUser> => {
    const user = await requireSessionUser(auth, request);
    return {
      id: user.id,
      username: user.name,
      email: user.email,
      profileImageUrl: user.image,
      isPaid: await isUserPaid(db, user.id),
    };
  });

  app.get<{ Querystring: { returnTo?: string } }>('/api/login', async (request, reply) => {
    const returnTo = sanitizeReturnTo(request.query.returnTo, originOf(request));
    if (await findSessionUser(auth, request)) return reply.redirect(returnTo, 302);
    if (!options.oidcEnabled) return options.sendAppShell(reply);
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
  });

  app.get('/api/logout', async (request, reply) => {
    const response = await auth.handler(authPost(request, '/sign-out', {}));
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) reply.header('set-cookie', cookies);
    return reply.redirect('/', 302);
  });
}
