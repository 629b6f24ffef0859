import type { WebSocket } from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  LIVE_CLOSE,
  LIVE_TRANSCRIPTION_PATH,
  type LiveServerMessage,
  type LiveStopReason,
} from '../../core/live-transcription.js';
import { LIVE_SAMPLE_RATE } from '../../core/live-transcription.js';
import { planFor, RECORDER_MAX_SECONDS, type Plan } from '../../core/plans.js';
import { authenticatedUser, type AuthenticatedUser } from '../accounts/authenticate.js';
import type { SignedInStreams } from '../accounts/signed-in-streams.js';
import { isUserPaid } from '../billing/is-user-paid.js';
import type { DatabaseHandle } from '../db/database.js';
import { AppError } from '../errors/app-error.js';
import type { OriginOf } from '../http/request-origin.js';
import {
  admitLivePreview,
  LIVE_LEASE_RENEW_SECONDS,
  releaseLivePreviewLease,
  renewLivePreviewLease,
  type LiveAdmission,
  type LivePreviewPlaces,
} from './live-preview-leases.js';
import { liveRefusal } from './live-refusals.js';
import { LiveSession, type LiveSessionLimits } from './live-session.js';
import type { WindowTranscriber } from './live-window-jobs.js';
import { pcmFromMessage } from './pcm-from-message.js';

export interface LiveTranscriptionSettings
  extends Omit<LiveSessionLimits, 'limitSeconds'>, LivePreviewPlaces {
  /**
   * Every this long a session must have brought at least half as much audio (or still be
   * decoding what it brought), else it is closed: idle means no audio, whatever else arrives.
   */
  idleSeconds: number;
}

export const DEFAULT_LIVE_SETTINGS: LiveTranscriptionSettings = {
  windowSeconds: 12,
  stepSeconds: 1,
  settleSeconds: 0.8,
  idleSeconds: 15,
  maxSessions: 16,
  proReserved: 4,
  sessionsPerAccount: 2,
};

/** The share of real time a session's audio must cover to count as recording. */
const MIN_AUDIO_SHARE = 0.5;

/** However audio trickles in, no session lives longer than the recorder runs, and a minute. */
const MAX_SESSION_SECONDS = RECORDER_MAX_SECONDS + 60;

export interface LiveTranscriptionRoutesOptions {
  database: DatabaseHandle;
  /** Ends a session whose sign-in has ended. */
  streams: SignedInStreams;
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
 * preview (free: 30 s, counted as one of the month's transcriptions; Pro: the recorder's 300 s),
 * and the places are shared out across all API processes through leases in the database.
 */
export async function liveTranscriptionRoutes(
  app: FastifyInstance,
  options: LiveTranscriptionRoutesOptions,
) {
  const settings = { ...DEFAULT_LIVE_SETTINGS, ...options.settings };
  const { database } = options;
  const admitted = new WeakMap<FastifyRequest, Admitted>();

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
        const plan = planFor(await isUserPaid(database.db, user.id));
        const limitSeconds = Math.min(
          RECORDER_MAX_SECONDS,
          plan.limits.transcriptSeconds ?? RECORDER_MAX_SECONDS,
        );
        // Admitted (and counted) before the upgrade; a refusal is told over the socket, where
        // the recorder can show it. A lease whose upgrade never completes runs out by itself.
        const admission = await admitLivePreview(database, {
          userId: user.id,
          plan,
          places: settings,
        });
        admitted.set(request, { user, plan, limitSeconds, admission });
      },
    },
    (socket, request) => {
      const entry = admitted.get(request);
      if (!entry) {
        socket.close(1011, 'not admitted');
        return;
      }
      const { admission } = entry;
      if (!admission.admitted) {
        const refusal = liveRefusal(admission.reason, entry.plan, settings.sessionsPerAccount);
        send(socket, { type: 'error', message: refusal.message });
        socket.close(refusal.code, admission.reason);
        return;
      }
      runSession(socket, request, { ...entry, leaseId: admission.leaseId });
    },
  );

  function runSession(
    socket: WebSocket,
    request: FastifyRequest,
    admission: { user: AuthenticatedUser; plan: Plan; limitSeconds: number; leaseId: string },
  ): void {
    const stopReason: LiveStopReason =
      admission.limitSeconds < RECORDER_MAX_SECONDS ? 'plan-limit' : 'recording-limit';
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
    // Idle is judged on audio, not on messages: a 2-byte frame now and then holds no place.
    let samplesSinceCheck = 0;
    const minSamples = settings.idleSeconds * LIVE_SAMPLE_RATE * MIN_AUDIO_SHARE;
    const idleCheck = setInterval(() => {
      const recording = samplesSinceCheck >= minSamples;
      samplesSinceCheck = 0;
      // Audio still to decode (it may have come all at once): the client waits for its words.
      if (!recording && !session.busy) stop('idle');
    }, settings.idleSeconds * 1000);
    const renewal = setInterval(() => {
      renewLivePreviewLease(database.db, admission.leaseId).then(
        (kept) => {
          if (kept) return;
          const lost = liveRefusal('full', admission.plan, settings.sessionsPerAccount);
          send(socket, { type: 'error', message: lost.message });
          end(LIVE_CLOSE.busy, 'place lost');
        },
        (error: unknown) => request.log.warn({ err: error }, 'live preview lease not renewed'),
      );
    }, LIVE_LEASE_RENEW_SECONDS * 1000);
    const releaseHold = options.streams.hold(admission.user, request.headers.cookie, () => {
      send(socket, { type: 'error', message: SIGNED_OUT_MESSAGE });
      end(LIVE_CLOSE.signedOut, 'signed out');
    });

    let ended = false;
    function cleanUp(): void {
      if (ended) return;
      ended = true;
      clearInterval(idleCheck);
      clearInterval(renewal);
      clearTimeout(lifetime);
      session.close();
      releaseHold();
      releaseLivePreviewLease(database.db, admission.leaseId).catch((error: unknown) =>
        request.log.warn({ err: error }, 'live preview lease not released; it runs out'),
      );
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
      samplesSinceCheck += samples.length;
      session.push(samples);
    });
    // A closed tab, a dropped network or a client that hangs up: the session goes at once.
    socket.on('close', cleanUp);
    socket.on('error', cleanUp);

    void options.engineName().then((engine) => {
      if (!ended)
        send(socket, {
          type: 'ready',
          limitSeconds: admission.limitSeconds,
          engine,
          previewId: admission.leaseId,
        });
    });
  }
}

interface Admitted {
  user: AuthenticatedUser;
  plan: Plan;
  limitSeconds: number;
  admission: LiveAdmission;
}

const SIGNED_OUT_MESSAGE =
  'The live preview ended because you are no longer signed in here. Sign in again to keep recordings.';

function send(socket: WebSocket, message: LiveServerMessage): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
}
