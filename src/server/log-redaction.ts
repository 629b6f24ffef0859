import pino from 'pino';

const REDACTED = '[redacted]';
/** Query parameters whose values are secrets (payment client secrets, tokens, keys). */
const SECRET_PARAMETER = /secret|token|password|key|code|signature/i;

/**
 * Paths whose next segment is a secret: share links (the page and its API) and better-auth's
 * reset link. Whoever reads the log must not be able to open what was shared.
 */
const SECRET_PATH_SEGMENT = /^(\/s\/|\/api\/shared\/|\/api\/identity\/reset-password\/)[^/?#]+/i;

/** A request URL with secret path segments and the values of secret-looking parameters replaced. */
export function redactUrl(url: string): string {
  return redactQuery(url.replace(SECRET_PATH_SEGMENT, `$1${REDACTED}`));
}

function redactQuery(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart < 0) return url;
  const parameters = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals < 0) return pair;
      const name = decodeURIComponentSafely(pair.slice(0, equals));
      return SECRET_PARAMETER.test(name) ? `${pair.slice(0, equals)}=${REDACTED}` : pair;
    });
  return `${url.slice(0, queryStart)}?${parameters.join('&')}`;
}

function decodeURIComponentSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * The ORM puts a failing query's parameters in its error message ("Failed query: …\nparams: …"),
 * and they hold personal data and session tokens. The query text stays; the values go.
 */
export function redactQueryParameters(text: string): string {
  return text.replace(/params: [^\n]*/g, `params: ${REDACTED}`);
}

type SerializedError = ReturnType<typeof pino.stdSerializers.err>;

function scrubStrings<T>(value: T, depth = 0): T {
  if (typeof value === 'string') return redactQueryParameters(value) as T;
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item: unknown) => scrubStrings(item, depth + 1)) as T;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, scrubStrings(item, depth + 1)]),
  ) as T;
}

/** pino serializers for every logger of the server: errors and requests without secrets. */
export const redactingSerializers = {
  err: (error: Error): SerializedError => scrubStrings(pino.stdSerializers.err(error)),
  req: (request: { method?: string; url?: string; ip?: string; id?: string }) => ({
    id: request.id,
    method: request.method,
    url: request.url === undefined ? undefined : redactUrl(request.url),
    remoteAddress: request.ip,
  }),
};
