import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../errors/app-error.js';
import { apiErrorSchema, okSchema, SESSION_SECURITY } from '../http/api-schemas.js';
import { accountDeletionBody } from '../accounts/account-schemas.js';
import type { Auth } from '../accounts/auth.js';
import { authenticatedUser } from '../accounts/authenticate.js';
import { toAuthHeaders } from '../accounts/current-user.js';
import { deleteAccount, type DeleteAccountDeps } from './delete-account.js';

export interface AccountDeletionRoutesOptions {
  auth: Auth;
  deps: DeleteAccountDeps;
}

const confirmation = z.object({ confirm: z.literal(true) });

export async function accountDeletionRoutes(
  app: FastifyInstance,
  options: AccountDeletionRoutesOptions,
) {
  const { auth, deps } = options;

  app.delete(
    '/api/account',
    {
      config: { auth: 'session' },
      schema: {
        tags: ['Account'],
        summary: 'Delete your account, transcripts and audio for good (and sign out)',
        security: SESSION_SECURITY,
        body: accountDeletionBody,
        response: { 200: okSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const user = authenticatedUser(request);
      if (!confirmation.safeParse(request.body).success) {
        throw new AppError('bad_request', 'Confirm the deletion with { "confirm": true }');
      }
      await deleteAccount(deps, user.id);
      // The sessions are gone already; signing out also clears this browser's cookies.
      const { headers } = await auth.api.signOut({
        headers: toAuthHeaders(request),
        returnHeaders: true,
      });
      const cookies = headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      return { ok: true as const };
    },
  );
}
