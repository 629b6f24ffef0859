import fastifyCompress from '@fastify/compress';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyWebsocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import { LIVE_MAX_MESSAGE_BYTES } from '../core/live-transcription.js';
import { MAX_UPLOAD_BYTES } from '../core/plans.js';
import type { Auth } from './accounts/auth.js';
import { registerAuthentication } from './accounts/authenticate.js';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import { registerConditionalGet } from './http/conditional-get.js';
import { registerCrossSiteGuard } from './http/cross-site-guard.js';
import { registerErrorHandler } from './http/error-handler.js';
import { registerJsonBodyParser } from './http/json-body-parser.js';
import { registerOpenApi } from './http/openapi.js';
import { registerNulRefusal } from './http/refuse-nul-characters.js';
import type { OriginOf } from './http/request-origin.js';
import { registerSecurityHeaders } from './http/security-headers.js';

/**
 * What every request passes before its route, in this order. The order is the design:
 * - WebSocket upgrades are marked first, so an upgrade refused by any later step (NUL refusal,
 *   authentication) still has its socket closed after the answer.
 * - The conditional GET runs before compression, so the ETag is the digest of the JSON itself.
 * - The cross-site guard refuses a foreign POST before anyone is looked up.
 * - Authentication runs before the body is read: a wrong key is refused before 100 MB travel.
 */
export const REQUEST_PIPELINE = [
  'error handler',
  'websocket upgrades',
  'NUL refusal',
  'JSON bodies',
  'OpenAPI',
  'security headers',
  'conditional GET',
  'compression',
  'rate limits',
  'cross-site guard',
  'authentication',
  'multipart bodies',
] as const;

export type RequestPipelineStep = (typeof REQUEST_PIPELINE)[number];

export interface RequestPipelineDependencies {
  config: Config;
  db: Database;
  auth: Auth;
  originOf: OriginOf;
}

export async function registerRequestPipeline(
  server: FastifyInstance,
  { config, db, auth, originOf }: RequestPipelineDependencies,
): Promise<void> {
  const https = config.baseUrl.startsWith('https://');
  const steps: Record<RequestPipelineStep, () => unknown> = {
    'error handler': () => registerErrorHandler(server),
    'websocket upgrades': () =>
      server.register(fastifyWebsocket, { options: { maxPayload: LIVE_MAX_MESSAGE_BYTES } }),
    'NUL refusal': () => registerNulRefusal(server),
    'JSON bodies': () => registerJsonBodyParser(server),
    OpenAPI: () => registerOpenApi(server, config.baseUrl),
    'security headers': () =>
      registerSecurityHeaders(server, {
        contentSecurityPolicy: {
          directives: {
            defaultSrc: ["'self'"],
            scriptSrc: ["'self'", 'https://js.stripe.com'],
            styleSrc: ["'self'", "'unsafe-inline'"],
            imgSrc: ["'self'", 'data:', 'https:'],
            mediaSrc: ["'self'", 'blob:'],
            connectSrc: ["'self'", 'https://api.stripe.com'],
            frameSrc: ['https://js.stripe.com', 'https://hooks.stripe.com'],
            workerSrc: ["'self'", 'blob:'],
            upgradeInsecureRequests: https ? [] : null,
          },
        },
        hsts: https,
      }),
    'conditional GET': () => registerConditionalGet(server),
    compression: () => server.register(fastifyCompress, { global: true, threshold: 1024 }),
    'rate limits': () => server.register(fastifyRateLimit, { global: false }),
    'cross-site guard': () =>
      registerCrossSiteGuard(server, { originOf, exemptPaths: ['/api/billing/webhook'] }),
    authentication: () =>
      registerAuthentication(server, {
        auth,
        db,
        apiRequestsPerMinute: config.apiRateLimitPerMinute,
      }),
    'multipart bodies': () =>
      server.register(fastifyMultipart, {
        limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, parts: 12, fieldSize: 1024 },
        throwFileSizeLimit: true,
      }),
  };
  for (const step of REQUEST_PIPELINE) await steps[step]();
}
