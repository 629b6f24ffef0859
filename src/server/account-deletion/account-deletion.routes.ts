import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema, okSchema } from '../../core/api/common.js';
import { SESSION_SECURITY } from '../http/api-schemas.js';
import { accountDeletionBody } from '../../core/api/account.js';
import type { Auth } from '../accounts/auth.js';
import { authenticatedUser } from '../accounts/authenticate.js';
import { toAuthHeaders } from '../accounts/current-user.js';
import { deleteAccount, type DeleteAccountDeps } from './delete-account.js';
import { confirmDeletion } from './confirm-deletion.js';
import { WrongPasswordThrottle } from './wrong-password-throttle.js';

export interface AccountDeletionRoutesOptions {
  auth: Auth;
  deps: DeleteAccountDeps;
}

export async function accountDeletionRoutes(
  parent: FastifyInstance,
  options: AccountDeletionRoutesOptions,
) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { auth, deps } = options;
  const wrongPasswords = new WrongPasswordThrottle();

  app.delete(
    '/api/account',
    {
      config: { auth: 'session' },
      schema: {
        tags: ['Account'],
        summary:
          'Delete your account, transcripts and audio for good (and sign out); needs the password, or a recent single sign-on',
        security: SESSION_SECURITY,
        body: accountDeletionBody,
        response: {
          200: okSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      // The body's { "confirm": true } is checked by its schema before this runs.
      const user = authenticatedUser(request);
      await confirmDeletion(
        auth,
        { userId: user.id, headers: toAuthHeaders(request) },
        request.body.password,
        wrongPasswords,
      );
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
