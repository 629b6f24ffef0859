import { speechCapabilities } from '../speech/speech-capabilities.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createHash, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { DatabaseHandle } from '../db/database.js';
import type { QueueDepth } from '../jobs/job-queue.js';
import type { SpeechEngineStatus } from '../speech/speech-engine-supervisor.js';
import { withoutPaths } from './without-paths.js';
import { healthSchema } from '../../core/api/health.js';

export interface HealthRoutesOptions {
  config: Config;
  database: DatabaseHandle;
  /** Transcription jobs waiting and running, for the operator. */
  queueDepth: () => Promise<QueueDepth>;
  /** This process's engine, or the one the worker processes report. */
  engineStatus: () => Promise<SpeechEngineStatus>;
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/** `Authorization: Bearer <HEALTH_TOKEN>`, compared in constant time; never true without a token set. */
function isOperator(request: FastifyRequest, token: string | undefined): boolean {
  if (!token) return false;
  const match = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '');
  return match?.[1] !== undefined && timingSafeEqual(digest(match[1].trim()), digest(token));
}

async function databaseAnswers(database: DatabaseHandle): Promise<boolean> {
  try {
    await database.db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/**
 * Public: up or degraded, the engine's name, and whisper's progress (without server paths).
 * With the operator token: the model, why this engine, full messages, folders and queue depth.
 */
export async function healthRoutes(app: FastifyInstance, options: HealthRoutesOptions) {
  const { config, database, queueDepth, engineStatus } = options;
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['Site'],
        summary: 'Up or degraded (503), and the speech engine; more with the operator token',
        security: [{}, { operatorToken: [] }],
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (request, reply) => {
      const up = await databaseAnswers(database);
      const engine = await engineStatus();
      void reply.status(up ? 200 : 503).header('cache-control', 'no-store');
      const status = up ? 'ok' : 'degraded';
      if (!isOperator(request, config.healthToken)) {
        const pending = engine.pending && {
          ...engine.pending,
          ...(engine.pending.message ? { message: withoutPaths(engine.pending.message) } : {}),
        };
        return {
          status,
          engine: engine.engine,
          ...(pending ? { pending } : {}),
          speech: speechCapabilities(engine),
        };
      }
      return {
        status,
        database: { kind: database.kind, reachable: up },
        engine: engine.engine,
        speech: speechCapabilities(engine),
        model: engine.model,
        engineReason: engine.reason,
        ...(engine.pending ? { pending: engine.pending } : {}),
        queue: up ? await queueDepth() : null,
        paths: {
          dataDir: config.dataDir,
          audioDir: config.audioDir,
          modelsDir: config.transcription.whisper.modelsDir,
        },
      };
    },
  );
}
