import type { WebSocket } from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  LIVE_CLOSE,
  LIVE_TRANSCRIPTION_PATH,
  type LiveServerMessage,
  type LiveStopReason,
} from '../../core/live-transcription.js';
import { planFor, RECORDER_MAX_SECONDS } from '../../core/plans.js';
import { authenticatedUser } from '../accounts/authenticate.js';
import { isUserPaid } from '../billing/is-user-paid.js';
import type { Database } from '../db/database.js';
import { AppError } from '../errors/app-error.js';
import type { OriginOf } from '../http/request-origin.js';
import { LiveSession, type LiveSessionLimits } from './live-session.js';
import { LiveSessionRegistry } from './live-session-registry.js';
import type { WindowTranscriber } from './live-window-jobs.js';
import { pcmFromMessage } from './pcm-from-message.js';

export interface LiveTranscriptionSettings extends Omit<LiveSessionLimits, 'limitSeconds'> {
  /** A session that sends no audio for this long is closed and forgotten. */
  idleSeconds: number;
  sessionsPerUser: number;
  sessionsPerProcess: number;
}

export const DEFAULT_LIVE_SETTINGS: LiveTranscriptionSettings = {
  windowSeconds: 12,
  stepSeconds: 1,
  settleSeconds: 0.8,
  idleSeconds: 15,
  sessionsPerUser: 2,
  sessionsPerProcess: 16,
};

/** However audio trickles in, no session lives longer than the recorder runs, and a minute. */
const MAX_SESSION_SECONDS = RECORDER_MAX_SECONDS + 60;

export interface LiveTranscriptionRoutesOptions {
  db: Database;
  originOf: OriginOf;
  /** Whatever decodes windows now: this process's engine, or the workers through the queue. */
  engine: () => WindowTranscriber;
  /** The engine's name, told to the recorder when the session opens. */
  engineName: () => Promise<string>;
  settings?: Partial<LiveTranscriptionSettings>;
}

const STOP_MESSAGES: Record<LiveStopReason, string> = {
  'plan-limit':
    'The live preview stops at 30 seconds on the Free plan. The recording goes on; upgrade to Pro for a live preview of the whole recording.',
  'recording-limit': 'The live preview has reached the recording limit.',
  idle: 'The live preview stopped because no audio arrived. The recording goes on.',
};

/**
 * The recorder's live preview over a WebSocket: the browser sends PCM as it records, the server
 * answers with the words so far. Only for a signed-in user on this site; the plan limits the
 * preview (free: 30 s, Pro: the recorder's 300 s).
 */
export async function liveTranscriptionRoutes(
  app: FastifyInstance,
  options: LiveTranscriptionRoutesOptions,
) {
  const settings = { ...DEFAULT_LIVE_SETTINGS, ...options.settings };
  const registry = new LiveSessionRegistry(settings.sessionsPerUser, settings.sessionsPerProcess);
  const admitted = new WeakMap<FastifyRequest, { userId: string; limitSeconds: number }>();

  app.get(
    LIVE_TRANSCRIPTION_PATH,
    {
      websocket: true,
      // The authentication hook and this run before the upgrade: a refusal is a plain HTTP answer.
      config: { auth: 'session' },
      preValidation: async (request) => {
        // Browsers send Origin with every WebSocket; the cross-site guard skips GET, so check here.
        const origin = request.headers.origin;
        const expected = options.originOf(request);
        if (origin !== undefined && origin !== expected) {
          throw new AppError('forbidden', `Cross-site request refused: expected ${expected}.`);
        }
        const user = authenticatedUser(request);
        const plan = planFor(await isUserPaid(options.db, user.id));
        const limitSeconds = Math.min(
          RECORDER_MAX_SECONDS,
          plan.limits.transcriptSeconds ?? RECORDER_MAX_SECONDS,
        );
        admitted.set(request, { userId: user.id, limitSeconds });
      },
    },
    (socket, request) => {
      const admission = admitted.get(request);
      if (!admission) {
        socket.close(1011, 'not admitted');
        return;
      }
      const release = registry.tryOpen(admission.userId);
      if (!release) {
        send(socket, {
          type: 'error',
          message: `At most ${settings.sessionsPerUser} live previews at a time. Close the other recorder to see this one live.`,
        });
        socket.close(LIVE_CLOSE.tooManySessions, 'too many live previews');
        return;
      }
      runSession(socket, request, { ...admission, release });
    },
  );

  function runSession(
    socket: WebSocket,
    request: FastifyRequest,
    admission: { limitSeconds: number; release: () => void },
  ): void {
    const stopReason: LiveStopReason =
      admission.limitSeconds < RECORDER_MAX_SECONDS ? 'plan-limit' : 'recording-limit';
    let idleTimer: NodeJS.Timeout | undefined;
    const session = new LiveSession(
      options.engine,
      { ...settings, limitSeconds: admission.limitSeconds },
      {
        onTranscript: (transcript) => send(socket, { type: 'transcript', ...transcript }),
        onLimitReached: () => stop(stopReason),
        onFailure: (error) => {
          request.log.error({ err: error }, 'live preview failed');
          send(socket, {
            type: 'error',
            message: 'The live preview stopped: speech recognition failed. The recording goes on.',
          });
          end(1011, 'live preview failed');
        },
      },
    );
    const lifetime = setTimeout(() => stop('recording-limit'), MAX_SESSION_SECONDS * 1000);
    const armIdle = () => {
      clearTimeout(idleTimer);
      idleTimer = setTimeout(() => {
        // Audio still to decode (it may have come all at once): the client waits for its words.
        if (session.busy) armIdle();
        else stop('idle');
      }, settings.idleSeconds * 1000);
    };

    let ended = false;
    function cleanUp(): void {
      if (ended) return;
      ended = true;
      clearTimeout(idleTimer);
      clearTimeout(lifetime);
      session.close();
      admission.release();
    }
    function end(code: number, reason: string): void {
      cleanUp();
      if (socket.readyState === socket.OPEN) socket.close(code, reason);
    }
    function stop(reason: LiveStopReason): void {
      send(socket, { type: 'stopped', reason, message: STOP_MESSAGES[reason] });
      end(1000, reason);
    }

    socket.on('message', (data, isBinary) => {
      const samples = isBinary ? pcmFromMessage(data) : undefined;
      if (!samples) {
        send(socket, {
          type: 'error',
          message: 'Send audio as binary messages of 16 kHz mono 16-bit little-endian PCM.',
        });
        end(LIVE_CLOSE.badAudio, 'audio must be 16-bit PCM');
        return;
      }
      armIdle();
      session.push(samples);
    });
    // A closed tab, a dropped network or a client that hangs up: the session goes at once.
    socket.on('close', cleanUp);
    socket.on('error', cleanUp);

    armIdle();
    void options.engineName().then((engine) => {
      if (!ended) send(socket, { type: 'ready', limitSeconds: admission.limitSeconds, engine });
    });
  }
}

function send(socket: WebSocket, message: LiveServerMessage): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
}
