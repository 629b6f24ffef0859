import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { changeEmailAnswerSchema, changeEmailBody } from '../../core/api/account.js';
import { apiErrorSchema } from '../../core/api/common.js';
import { SESSION_SECURITY } from '../http/api-schemas.js';
import { perAddressRateLimit } from '../http/per-address-rate-limit.js';
import type { Auth } from './auth.js';
import { authenticatedSessionUser } from './authenticate.js';
import { changeEmail } from './change-email.js';

export const TOO_MANY_EMAIL_CHANGES =
  'Too many attempts to change the email address. Please try again in an hour.';

/** Account settings' "Change email". Password and name changes are better-auth's own routes. */
export async function changeEmailRoutes(
  parent: FastifyInstance,
  options: { auth: Auth; accountEmails: boolean },
) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/account/email',
    {
      // Each attempt checks a password: a stolen session may not use it to guess one.
      config: {
        auth: 'session',
        rateLimit: perAddressRateLimit(10, '1 hour', TOO_MANY_EMAIL_CHANGES),
      },
      schema: {
        tags: ['Account'],
        summary: 'Change your email address',
        description:
          'Needs the current password. A server that sends email mails a confirmation link to the new address and changes it when the link is followed; one without changes it at once.',
        security: SESSION_SECURITY,
        body: changeEmailBody,
        response: {
          200: changeEmailAnswerSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          409: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const user = authenticatedSessionUser(request);
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) {
        if (typeof value === 'string') headers.set(name, value);
      }
      return changeEmail(
        options.auth,
        { userId: user.id, email: user.email, headers },
        request.body,
        options.accountEmails,
      );
    },
  );
}
