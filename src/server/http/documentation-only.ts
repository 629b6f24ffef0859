import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';

const documentationOnly = new WeakSet<object>();

/**
 * Marks a schema that describes a request part for the OpenAPI document but is read by the
 * handler itself: a multipart body is streamed to disk, never parsed into `request.body`.
 */
export function forDocumentationOnly<T extends z.ZodType>(schema: T): T {
  documentationOnly.add(schema);
  return schema;
}

/** zod validates every route's input, except parts marked for documentation only. */
export const routeValidatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  if (documentationOnly.has(route.schema)) return (data) => ({ value: data });
  return validatorCompiler(route);
};
