import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { OriginOf } from '../http/request-origin.js';
import { RESET_NEEDS_OPERATOR } from '../../core/password-reset.js';
import { AppError } from '../errors/app-error.js';
import { AUTH_BASE_PATH, CLIENT_IP_HEADER, type Auth } from './auth.js';
import type { SignInThrottle } from './sign-in-throttle.js';

/**
 * Builds a fetch Request for better-auth from a Fastify request, carrying the real client IP,
 * addressed to the origin the browser used.
 */
export function toFetchRequest(
  request: FastifyRequest,
  origin: string,
  pathOverride?: string,
): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === CLIENT_IP_HEADER) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  headers.set(CLIENT_IP_HEADER, request.ip);
  const hasBody =
    request.method !== 'GET' && request.method !== 'HEAD' && request.body !== undefined;
  if (hasBody) headers.set('content-type', 'application/json');
  headers.delete('content-length');
  return new Request(new URL(pathOverride ?? request.url, origin), {
    method: request.method,
    headers,
    body: hasBody ? JSON.stringify(request.body) : undefined,
  });
}

/** Copies a fetch Response (status, headers incl. every set-cookie, body) onto the reply. */
export async function sendFetchResponse(reply: FastifyReply, response: Response): Promise<void> {
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name === 'set-cookie' || name === 'content-length') continue;
    reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  const body = await response.text();
  await reply.send(body.length > 0 ? body : undefined);
}

/** The code better-auth itself gives a reset request it cannot send; the page knows it. */
export const RESET_PASSWORD_DISABLED_CODE = 'RESET_PASSWORD_DISABLED';

const SIGN_IN_PATH = `${AUTH_BASE_PATH}/sign-in/email`;

function signInEmail(request: FastifyRequest): string | undefined {
  if (request.method !== 'POST' || request.url.split('?')[0] !== SIGN_IN_PATH) return undefined;
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : undefined;
}

/** better-auth's ways to ask for a reset link; without email they can only fail. */
const RESET_REQUEST_PATHS = new Set([
  `${AUTH_BASE_PATH}/request-password-reset`,
  `${AUTH_BASE_PATH}/forget-password`,
]);

export function mountAuth(
  app: FastifyInstance,
  auth: Auth,
  options: { originOf: OriginOf; accountEmails: boolean; throttle: SignInThrottle },
): void {
  const { originOf, throttle } = options;
  app.route({
    method: ['GET', 'POST'],
    url: `${AUTH_BASE_PATH}/*`,
    handler: async (request, reply) => {
      // Answered here, in words that say what to do, before better-auth logs it as an error.
      if (!options.accountEmails && RESET_REQUEST_PATHS.has(request.url.split('?')[0]!)) {
        return reply
          .status(400)
          .send({ code: RESET_PASSWORD_DISABLED_CODE, message: RESET_NEEDS_OPERATOR });
      }
      const email = signInEmail(request);
      if (email !== undefined) {
        const waitMs = throttle.waitFor(email, request.ip);
        if (waitMs > 0) {
          const seconds = Math.ceil(waitMs / 1000);
          void reply.header('retry-after', String(seconds));
          throw new AppError('rate_limited', tooManyFailedSignIns(seconds));
        }
        const slowDown = throttle.slowDownFor(email);
        if (slowDown > 0) await new Promise((resolve) => setTimeout(resolve, slowDown));
      }
      const response = await auth.handler(toFetchRequest(request, originOf(request)));
      if (email !== undefined) {
        if (response.ok) throttle.recordSuccess(email, request.ip);
        else if (response.status === 401) throttle.recordFailure(email, request.ip);
      }
      await sendFetchResponse(reply, response);
    },
  });
}

export function tooManyFailedSignIns(seconds: number): string {
  const wait = seconds >= 120 ? `${Math.ceil(seconds / 60)} minutes` : `${seconds} seconds`;
  return `Too many failed sign-ins for this account from your network. Please wait ${wait} and try again, or reset your password.`;
}
