import { Validator } from '@seriousme/openapi-schema-validator';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unvalidatedRouteParts } from '../../src/server/http/documentation-only.js';
import { routesOf } from '../../src/server/http/openapi.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/**
 * The only routes under /api and /v1 left out of the document, and why. Every other route the
 * app registers must be in it with its schemas, so a new route without them fails here.
 */
const UNDOCUMENTED: Array<[pattern: RegExp, why: string]> = [
  [/^\/api\/identity\//, 'better-auth’s own endpoints, documented by better-auth'],
  [/^\/api\/billing\/webhook$/, 'Stripe calls it, signed; no client does'],
  [/^\/api\/billing\/test-mode\//, 'test-mode billing controls, never on a live server'],
  [/^\/api\/log(in|out)$/, 'full-page navigations that answer with redirects'],
  [/^\/api\/transcriptions\/live$/, 'a WebSocket, described in the document’s description'],
  [/^\/api\/openapi\.json$/, 'the document itself'],
];

/** What takes a body (b) or a query string (q); path parameters are read from the path. */
const INPUTS: Record<string, string> = {
  'post /v1/audio/transcriptions': 'b',
  'post /v1/audio/translations': 'b',
  'put /api/account/default-language': 'b',
  'put /api/account/retention': 'b',
  'post /api/keys': 'b',
  'post /api/transcriptions': 'b',
  'patch /api/uploads/{id}': 'b',
  'get /api/transcriptions': 'q',
  'patch /api/transcriptions/{id}': 'b',
  'post /api/transcriptions/{id}/retranscribe': 'b',
  'post /api/transcriptions/bulk-delete': 'b',
  'post /api/transcriptions/bulk-restore': 'b',
  'post /api/transcriptions/bulk-retranscribe': 'b',
  'get /api/download/{id}': 'q',
  'get /api/search': 'q',
  'get /api/admin/users': 'q',
  'put /api/account/email-preferences': 'b',
  'put /api/account/voice-preferences': 'b',
  'patch /api/voices/{id}': 'b',
  'put /api/vocabulary': 'b',
  'delete /api/account': 'b',
  'post /api/contact': 'b',
  'post /api/transcribe/free-trial': 'b',
  'post /api/update-subscription-status': 'b',
  'post /api/teams': 'b',
  'patch /api/teams/{id}': 'b',
  'post /api/teams/{id}/invitations': 'b',
  'patch /api/teams/{id}/members/{userId}': 'b',
};

/** The only request parts zod does not check: multipart forms and tus bodies, streamed, never parsed. */
const STREAMED_BODIES = [
  'PATCH /api/uploads/:id body',
  'POST /api/transcribe/free-trial body',
  'POST /api/transcriptions body',
  'POST /v1/audio/transcriptions body',
  'POST /v1/audio/translations body',
];
const STREAMED_TYPES = new Set(['multipart/form-data', 'application/offset+octet-stream']);

/** Fastify's name of the request part an OpenAPI parameter is in. */
const PART_OF: Record<string, string> = { path: 'params', query: 'querystring' };

interface Operation {
  summary?: string;
  tags?: string[];
  parameters?: Array<{ in: string; name: string; schema?: object }>;
  requestBody?: { content: Record<string, { schema?: object }> };
  responses: Record<string, { content?: Record<string, { schema?: object }> }>;
  security?: Array<Record<string, string[]>>;
}

describe('the OpenAPI document and the reference page', () => {
  let app: TestApp;
  let document: { openapi: string; paths: Record<string, Record<string, Operation>> };
  let publicRoutes: Array<[method: string, path: string]>;

  beforeAll(async () => {
    // Test-mode billing on, so its routes are registered and must stay out of the document.
    app = await createTestApp('pglite', { env: { BILLING_TEST_MODE: 'true' } });
    publicRoutes = routesOf(app.server)
      .filter(({ url }) => /^\/(api|v1)\//.test(url))
      .filter(({ url }) => !UNDOCUMENTED.some(([pattern]) => pattern.test(url)))
      .map(({ method, url }) => [method.toLowerCase(), url.replace(/:(\w+)/g, '{$1}')]);
    const response = await app.server.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    document = response.json();
  });
  afterAll(async () => {
    await app.close();
  });

  it('is valid OpenAPI 3.1', async () => {
    expect(document.openapi).toBe('3.1.0');
    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('takes the routes from the app itself, all of the API’s', () => {
    const listed = publicRoutes.map(([method, path]) => `${method} ${path}`);
    expect(listed.length).toBeGreaterThan(30);
    expect(listed).toEqual(
      expect.arrayContaining([
        'post /v1/audio/transcriptions',
        'get /api/transcriptions/{id}/events',
        'get /api/health',
        'post /api/contact',
        'get /api/admin/users',
        'post /api/admin/users/{id}/disable',
      ]),
    );
    for (const key of Object.keys(INPUTS)) expect(listed).toContain(key);
  });

  it('lists every public route with its request and response schemas', () => {
    const missing: string[] = [];
    for (const [method, path] of publicRoutes) {
      const name = `${method} ${path}`;
      const operation = document.paths[path]?.[method];
      if (!operation) {
        missing.push(`${name}: not in the document`);
        continue;
      }
      if (!operation.summary || !operation.tags?.length) missing.push(`${name}: summary, tags`);
      if (!Array.isArray(operation.security)) missing.push(`${name}: security`);
      const success = Object.entries(operation.responses).filter(([status]) => /^2/.test(status));
      const schemas = success.flatMap(([, response]) =>
        Object.values(response.content ?? {}).map((content) => content.schema),
      );
      if (schemas.length === 0 || schemas.some((schema) => schema === undefined))
        missing.push(`${name}: 2xx response schema`);
      const errors = Object.entries(operation.responses).filter(([status]) => /^4/.test(status));
      const ways = operation.security ?? [];
      const signedIn = ways.length > 0 && ways.every((way) => Object.keys(way).length > 0);
      // Admin routes answer everyone but an admin as an unknown path does: 404, never 401.
      const refusal = path.startsWith('/api/admin/') ? '404' : '401';
      if (signedIn && !operation.responses[refusal]) missing.push(`${name}: ${refusal} response`);
      if (signedIn && errors.length === 0) missing.push(`${name}: error responses`);
      const kinds = new Set((operation.parameters ?? []).map((parameter) => parameter.in));
      const input = INPUTS[name] ?? '';
      if (path.includes('{') && !kinds.has('path')) missing.push(`${name}: path parameters`);
      if (input.includes('q') && !kinds.has('query')) missing.push(`${name}: query parameters`);
      const body = Object.values(operation.requestBody?.content ?? {})[0]?.schema;
      if (input.includes('b') && body === undefined) missing.push(`${name}: request body`);
    }
    expect(missing).toEqual([]);
  });

  it('validates every route’s params, query and JSON body with the schema it documents', () => {
    const unvalidated = unvalidatedRouteParts();
    const skipped: string[] = [];
    for (const [method, path] of publicRoutes) {
      const operation = document.paths[path]?.[method];
      const parts = new Set((operation?.parameters ?? []).map((p) => PART_OF[p.in] ?? p.in));
      if (operation?.requestBody) parts.add('body');
      const route = `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`;
      const contentTypes = Object.keys(operation?.requestBody?.content ?? {});
      const multipart = contentTypes.every((type) => STREAMED_TYPES.has(type));
      for (const part of parts) {
        const name = `${route} ${part}`;
        if (unvalidated.includes(name) && !(part === 'body' && multipart)) skipped.push(name);
      }
    }
    expect(skipped).toEqual([]);
    expect(unvalidated).toEqual(STREAMED_BODIES);
  });

  it('shares one { message } schema for the errors of /api', () => {
    // /api/health answers 503 with its own report: the database is down.
    const withApiErrors = publicRoutes.filter(
      ([, path]) => path.startsWith('/api/') && path !== '/api/health',
    );
    for (const [method, path] of withApiErrors) {
      const operation = document.paths[path]?.[method];
      for (const [status, response] of Object.entries(operation?.responses ?? {})) {
        if (!/^[45]/.test(status)) continue;
        expect(
          response.content?.['application/json']?.schema,
          `${method} ${path} ${status}`,
        ).toEqual({
          $ref: '#/components/schemas/ApiError',
        });
      }
    }
  });

  it('documents OpenAI’s multipart form for transcriptions, and no internal route', () => {
    const form = document.paths['/v1/audio/transcriptions']?.post?.requestBody?.content[
      'multipart/form-data'
    ]?.schema as { properties?: Record<string, unknown>; required?: string[] } | undefined;
    expect(Object.keys(form?.properties ?? {})).toEqual(
      expect.arrayContaining(['file', 'model', 'response_format', 'language', 'temperature']),
    );
    expect(form?.required).toEqual(expect.arrayContaining(['file', 'model']));
    expect(form?.properties?.speakers).toMatchObject({ type: 'string', default: 'auto' });
    expect(form?.properties?.response_format).toMatchObject({
      enum: expect.arrayContaining(['verbose_json', 'diarized_json']),
    });
    const answers = JSON.stringify(
      document.paths['/v1/audio/transcriptions']?.post?.responses['200'],
    );
    expect(answers).toContain('TranscriptionDiarizedJson');
    const paths = Object.keys(document.paths);
    expect(paths.some((path) => path.includes('test-mode') || path.includes('identity'))).toBe(
      false,
    );
  });

  it('documents languages: the upload’s language and task, and /v1/audio/translations', () => {
    const upload = document.paths['/api/transcriptions']?.post?.requestBody?.content[
      'multipart/form-data'
    ]?.schema as { properties?: Record<string, { description?: string }> } | undefined;
    expect(upload?.properties?.language?.description).toMatch(/`auto`.*ISO 639-1/);
    expect(upload?.properties?.task?.description).toMatch(/`translate`/);
    const translations = document.paths['/v1/audio/translations']?.post;
    expect(translations?.tags).toEqual(['OpenAI-compatible']);
    const form = translations?.requestBody?.content['multipart/form-data']?.schema as
      { properties?: Record<string, { enum?: string[] }> } | undefined;
    expect(form?.properties?.response_format?.enum).toEqual([
      'json',
      'text',
      'srt',
      'vtt',
      'verbose_json',
    ]);
  });

  it('documents speakers: the upload’s form field and the edit’s renames', () => {
    const upload = document.paths['/api/transcriptions']?.post?.requestBody?.content[
      'multipart/form-data'
    ]?.schema as { properties?: Record<string, { description?: string }> } | undefined;
    expect(upload?.properties?.speakers?.description).toMatch(/`auto`.*1 to 10/);
    const { components } = document as unknown as {
      components: { schemas: Record<string, { properties?: Record<string, object> }> };
    };
    expect(components.schemas.TranscriptionPatch?.properties?.speakers).toMatchObject({
      type: 'object',
      additionalProperties: { type: 'string' },
      description: expect.stringMatching(/^Renames speakers on every line of theirs/),
    });
  });

  it('serves the reference page at /docs/api with its script from this server, no CDN', async () => {
    const page = await app.server.inject({ method: 'GET', url: '/docs/api/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const sources = [...page.body.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]);
    expect(sources.length).toBeGreaterThan(0);
    for (const source of sources) {
      expect(source).not.toMatch(/^(https?:)?\/\//);
      const script = await app.server.inject({
        method: 'GET',
        url: new URL(String(source), 'http://localhost:3000/docs/api/').pathname,
      });
      expect(script.statusCode).toBe(200);
      expect(script.headers['content-type']).toContain('javascript');
    }
    expect(page.body).toContain('/api/openapi.json');

    const csp = String(page.headers['content-security-policy']);
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(scriptSrc).not.toMatch(/https?:/);
    for (const inline of page.body.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
      const hash = createHash('sha256')
        .update(inline[1] ?? '')
        .digest('base64');
      expect(scriptSrc).toContain(`'sha256-${hash}'`);
    }
  });
});
