import type { FastifyError, FastifyInstance } from 'fastify';
import { isDatabaseUnavailable } from '../db/database-unavailable.js';
import { AppError } from '../errors/app-error.js';

/** An error with OpenAI's own `type` and `code`, for clients written against OpenAI's API. */
export class OpenAiError extends AppError {
  constructor(
    code: AppError['code'],
    message: string,
    readonly openAiType: string,
    readonly openAiCode: string | null,
    options: { retryAfterSeconds?: number } = {},
  ) {
    super(code, message, options);
  }
}

export interface OpenAiErrorBody {
  error: { message: string; type: string; param: string | null; code: string | null };
}

function describe(status: number): { type: string; code: string | null } {
  if (status === 401) return { type: 'invalid_request_error', code: 'invalid_api_key' };
  if (status === 403) return { type: 'invalid_request_error', code: 'forbidden' };
  if (status === 404) return { type: 'invalid_request_error', code: 'not_found' };
  if (status === 413) return { type: 'invalid_request_error', code: 'file_too_large' };
  if (status === 415 || status === 422)
    return { type: 'invalid_request_error', code: 'invalid_file_format' };
  if (status === 429) return { type: 'requests', code: 'rate_limit_exceeded' };
  if (status >= 500) return { type: 'server_error', code: null };
  return { type: 'invalid_request_error', code: null };
}

export function openAiErrorBody(status: number, message: string, error?: unknown): OpenAiErrorBody {
  const described =
    error instanceof OpenAiError
      ? { type: error.openAiType, code: error.openAiCode }
      : describe(status);
  return { error: { message, type: described.type, param: null, code: described.code } };
}

/** Errors of the OpenAI-compatible routes in OpenAI's shape `{ error: { message, type, code } }`. */
export function registerOpenAiErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined)
        void reply.header('retry-after', String(error.retryAfterSeconds));
      return reply
        .status(error.statusCode)
        .send(openAiErrorBody(error.statusCode, error.message, error));
    }
    if (isDatabaseUnavailable(error)) {
      return reply
        .status(503)
        .header('retry-after', '5')
        .send(openAiErrorBody(503, 'The database is unavailable; try again shortly.'));
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(status).send(openAiErrorBody(status, 'Internal server error'));
    }
    return reply.status(status).send(openAiErrorBody(status, error.message));
  });
}
