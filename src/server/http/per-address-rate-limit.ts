import type { RateLimitOptions } from '@fastify/rate-limit';

/**
 * A route's `config.rateLimit`: at most `max` requests per client address in `timeWindow`. With
 * `message`, the 429 says it instead of @fastify/rate-limit's own words.
 */
export function perAddressRateLimit(
  max: number,
  timeWindow: '1 minute' | '1 hour',
  message?: string,
): RateLimitOptions {
  return {
    max,
    timeWindow,
    keyGenerator: (request) => request.ip,
    ...(message === undefined
      ? {}
      : {
          errorResponseBuilder: (_request, context) => ({
            statusCode: context.statusCode,
            message,
          }),
        }),
  };
}
