import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors/app-error.js';

/** Far deeper than any request of the app or the API (a few levels); far shallower than a stack. */
export const MAX_JSON_DEPTH = 64;

export const JSON_TOO_DEEP = `The JSON body is nested too deeply (more than ${MAX_JSON_DEPTH} levels of arrays and objects).`;
export const LONE_SURROGATE_REFUSED =
  'The request contains a lone surrogate (such as \\ud800), which is not a character: text must be valid Unicode.';

const OPENERS = new Set(['[', '{']);
const CLOSERS = new Set([']', '}']);

/** How deep the arrays and objects of a JSON text go, counted up to `limit + 1` at most. */
export function jsonDepth(text: string, limit = MAX_JSON_DEPTH): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index];
    if (inString) {
      if (character === '\\') index += 1;
      else if (character === '"') inString = false;
    } else if (character === '"') {
      inString = true;
    } else if (OPENERS.has(character as string)) {
      depth += 1;
      if (depth > deepest) deepest = depth;
      if (deepest > limit) return deepest;
    } else if (CLOSERS.has(character as string)) {
      depth -= 1;
    }
  }
  return deepest;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** A surrogate can reach a parsed value only through a \u escape (the body's UTF-8 has none). */
const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;

/** True when a string in the value, or a key, holds half of a surrogate pair alone. */
export function containsLoneSurrogate(value: unknown): boolean {
  if (typeof value === 'string') return LONE_SURROGATE.test(value);
  if (Array.isArray(value)) return value.some(containsLoneSurrogate);
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).some(
      ([key, inner]) => LONE_SURROGATE.test(key) || containsLoneSurrogate(inner),
    );
  }
  return false;
}

/**
 * JSON bodies as Fastify reads them (prototype poisoning refused), and two more refusals at the
 * door, so that no route meets them: nesting deeper than `MAX_JSON_DEPTH`, which would exhaust
 * the stack of whatever walks the value; and lone surrogates, which PostgreSQL refuses in JSON
 * columns and which are no text anyway. Both were 500s; both are now a 400 that says why.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (jsonDepth(text) > MAX_JSON_DEPTH) {
      done(new AppError('bad_request', JSON_TOO_DEEP), undefined);
      return;
    }
    parseJson(request, text, (error, value) => {
      if (error) done(error, undefined);
      else if (SURROGATE_ESCAPE.test(text) && containsLoneSurrogate(value)) {
        done(new AppError('bad_request', LONE_SURROGATE_REFUSED), undefined);
      } else done(null, value);
    });
  });
}
