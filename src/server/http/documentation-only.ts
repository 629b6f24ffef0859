import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';

const documentationOnly = new WeakSet<object>();
const unvalidatedParts = new Set<string>();

/**
 * Marks a multipart body: its handler streams the files to disk, so it is never parsed into
 * `request.body` and there is nothing for zod to check. The schema still describes the form in
 * the OpenAPI document. Every other params, querystring and body schema validates.
 */
export function forDocumentationOnly<T extends z.ZodType>(schema: T): T {
  documentationOnly.add(schema);
  return schema;
}

/** zod validates every route's input, except parts marked for documentation only. */
export const routeValidatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  if (documentationOnly.has(route.schema)) {
    unvalidatedParts.add(`${route.method} ${route.url} ${route.httpPart ?? ''}`);
    return (data) => ({ value: data });
  }
  return validatorCompiler(route);
};

/** The route parts (`POST /api/transcriptions body`) compiled without validation, so far. */
export function unvalidatedRouteParts(): string[] {
  return [...unvalidatedParts].sort();
}
