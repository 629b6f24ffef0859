import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
} from 'fastify-type-provider-zod';
import { createHash } from 'node:crypto';
import { routeValidatorCompiler } from './documentation-only.js';

export const OPENAPI_PATH = '/api/openapi.json';
export const API_DOCS_PATH = '/docs/api';

export interface RegisteredRoute {
  method: string;
  url: string;
  /** In the OpenAPI document: the route names a request body or its responses. */
  documented: boolean;
}

const registeredRoutes = new WeakMap<FastifyInstance, RegisteredRoute[]>();

/** Every route the app added after `registerOpenApi`, one entry a method (HEAD left out). */
export function routesOf(app: FastifyInstance): readonly RegisteredRoute[] {
  return registeredRoutes.get(app) ?? [];
}

function isDocumented(schema: unknown): boolean {
  if (typeof schema !== 'object' || schema === null) return false;
  if ('hide' in schema && schema.hide === true) return false;
  return 'response' in schema || 'body' in schema;
}

/**
 * zod checks every route's input and shapes its output (no field leaves that the schema does
 * not name), and @fastify/swagger turns the same schemas into the OpenAPI document. Must run
 * before any route is added. Routes without a schema are the web app's own and stay out of it.
 */
export async function registerOpenApi(app: FastifyInstance, serverUrl: string): Promise<void> {
  app.setValidatorCompiler(routeValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const routes: RegisteredRoute[] = [];
  registeredRoutes.set(app, routes);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      routes.push({ method, url: route.url, documented: isDocumented(route.schema) });
    }
  });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Sonoscript API',
        version: '1',
        description:
          'Transcribe audio and manage your transcripts. `/v1` speaks OpenAI’s audio API: point an OpenAI SDK at this server’s `/v1` with an API key from Account settings → Developer API. Requests wait for the transcript; the OpenAI SDKs give up after 10 minutes by default, so raise their timeout for long files.\n\n' +
          'Not listed below: the recorder’s live preview, a WebSocket at `/api/transcriptions/live` (signed-in browsers on this site only). The browser sends binary messages of 16 kHz mono 16-bit little-endian PCM; the server answers with JSON text messages: `ready` (`limitSeconds`, `engine`), `transcript` (`text`, `segments`, `audioSeconds`), `stopped` (`reason`, `message`) and `error` (`message`).',
      },
      servers: [{ url: serverUrl }],
      components: {
        securitySchemes: {
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            description: 'An API key: `Authorization: Bearer sk-sono-…`',
          },
          session: { type: 'apiKey', in: 'cookie', name: 'better-auth.session_token' },
          operatorToken: {
            type: 'http',
            scheme: 'bearer',
            description: 'The server’s HEALTH_TOKEN, for `/api/health`’s operator details.',
          },
          metricsToken: {
            type: 'http',
            scheme: 'bearer',
            description: 'The server’s METRICS_TOKEN, for `/metrics`.',
          },
        },
      },
    },
    transform: (input) => {
      if (!isDocumented(input.schema)) return { schema: { hide: true }, url: input.url };
      return jsonSchemaTransform(input);
    },
    transformObject: jsonSchemaTransformObject,
  });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
}

function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
    hashes.push(
      `'sha256-${createHash('sha256')
        .update(match[1] ?? '')
        .digest('base64')}'`,
    );
  }
  return hashes;
}

/**
 * The readable reference at /docs/api: Scalar, its script served by this server (no CDN). Its
 * page starts the reference with one inline script, allowed by its hash and nothing else.
 * Scalar's bundle takes a noticeable part of a second to load, so it loads on the first visit,
 * in a small server of its own that these routes forward to, not at every start.
 */
export async function registerApiDocsPage(app: FastifyInstance): Promise<void> {
  let reference: Promise<FastifyInstance> | undefined;
  const loadReference = () =>
    (reference ??= (async () => {
      const { default: scalarApiReference } = await import('@scalar/fastify-api-reference');
      const inner = Fastify({ logger: false });
      await inner.register(scalarApiReference, {
        routePrefix: API_DOCS_PATH,
        configuration: {
          url: OPENAPI_PATH,
          pageTitle: 'Sonoscript API reference',
          withDefaultFonts: false,
          hideClientButton: true,
          telemetry: false,
          favicon: '/favicon.svg',
          // Scalar's hosted extras (its AI chat, MCP generation, the toolbar that shares and
          // deploys through its cloud) would send a self-hosted server's API to a third party.
          showDeveloperTools: 'never',
          agent: { disabled: true },
          mcp: { disabled: true },
        },
      });
      await inner.ready();
      return inner;
    })());
  app.addHook('onClose', async () => {
    if (reference) await (await reference).close();
  });

  await app.register(async (scope) => {
    scope.addHook('onSend', async (request, reply, payload) => {
      const type = String(reply.getHeader('content-type') ?? '');
      if (!type.startsWith('text/html') || typeof payload !== 'string') return payload;
      const csp = String(reply.getHeader('content-security-policy') ?? '');
      const scripts = `script-src 'self' ${inlineScriptHashes(payload).join(' ')}`;
      reply.header('content-security-policy', csp.replace(/script-src [^;]*/, scripts));
      return payload;
    });
    scope.get(API_DOCS_PATH, { schema: { hide: true } }, async (request, reply) =>
      reply.redirect(`${API_DOCS_PATH}/`, 301),
    );
    scope.get(`${API_DOCS_PATH}/*`, { schema: { hide: true } }, async (request, reply) => {
      const answer = await (await loadReference()).inject({ method: 'GET', url: request.url });
      const type = answer.headers['content-type'];
      if (type !== undefined) reply.type(String(type));
      return reply.status(answer.statusCode).send(answer.body);
    });
  });
}
