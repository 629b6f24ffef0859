import { AUTO_LANGUAGE } from '../../../core/languages.js';
import { languageRefusal } from '../../../core/speech-capabilities.js';
import { speechCapabilities } from '../../speech/speech-capabilities.js';
import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../../db/database.js';
import type { JobAttempt } from '../../jobs/job-queue.js';
import type { TranscriptionSignals } from '../../live/transcription-signals.js';
import { AudioError, DiskFullError } from '../../speech/audio/audio-error.js';
import { demuxerOfFormat } from '../../speech/audio/sniff-audio-format.js';
import type { SpeechEngine } from '../../speech/engines/engine.js';
import { hasRoomForDecodedAudio } from '../../speech/room-for-decoded-audio.js';
import { transcribeAudioFile } from '../../speech/transcribe-audio-file.js';
import { assignSpeakers } from '../../speech/speakers/assign-speakers.js';
import { detectSpeakers } from '../../speech/speakers/detect-speakers.js';
import { SpeakerFeatures } from '../../speech/speakers/speaker-features.js';
import type { ObjectStorage } from '../../storage/object-storage.js';
import { nameKnownVoices } from '../../known-voices/name-known-voices.js';
import { decodeSecondsFor } from './decode-seconds.js';
import type { NotifyTranscriptReady } from './notify-transcript-ready.js';
import { watchForCancel } from './watch-for-cancel.js';
import { jobVocabulary } from './job-vocabulary.js';
import type { AnnounceTranscription } from '../../webhooks/transcription-webhooks.js';
import type { TranscriptionJobData } from './transcription-jobs.js';
import { FIRST_SPEAKER } from '../../../core/speakers.js';
import type { StoredSegment } from '../../db/schema.js';
import type { TranscriptSegment } from '../../speech/engines/engine.js';
import {
  failAndGiveSlotBack,
  startRun,
  updateRunningTranscription,
} from './transcription-run.repository.js';

export const GENERIC_FAILURE = 'Transcription failed. Please try again.';
export const DISK_FULL_FAILURE =
  'The server ran out of disk space to prepare this file, so it was not transcribed and does not count against this month. Please try again later.';

export interface ProcessTranscriptionDeps {
  db: Database;
  storage: ObjectStorage;
  workDir: string;
  /** A job does not decode unless its audio leaves this much of the work folder's disk free. */
  minFreeDiskBytes?: number;
  engine: SpeechEngine;
  /** Tells the owner a long transcript is ready; a failure to tell never fails the job. */
  notifyReady?: NotifyTranscriptReady;
  /** Tells the owner's webhooks that the transcription ended; never throws. */
  announce?: AnnounceTranscription;
  signals: TranscriptionSignals;
  log: {
    info?: (object: object, message: string) => void;
    warn: (object: object, message: string) => void;
    error: (object: object, message: string) => void;
  };
}

const engineAbilities = (engine: SpeechEngine) => ({
  engine: engine.name,
  model: engine.model,
  multilingual: engine.multilingual,
});

/** Lines shown while the recording is processed: voices are told apart once all is heard. */
function provisionallyOneVoice(segments: readonly TranscriptSegment[]): StoredSegment[] {
  return segments.map((segment) => ({ ...segment, speaker: FIRST_SPEAKER }));
}

/**
 * One run of a transcription job. Idempotent: a retried run starts the transcript again and
 * overwrites what an earlier, killed run wrote. The transcript so far is stored as chunks finish,
 * and watchers are told. Problems with the audio fail the transcription for good; other errors
 * are thrown so the queue retries, and the last attempt records a failure the user can see and
 * gives the month's slot back. A cancel stops the run within a second and is not retried.
 */
export async function processTranscription(
  deps: ProcessTranscriptionDeps,
  job: TranscriptionJobData,
  attempt: JobAttempt,
): Promise<void> {
  const { transcriptionId } = job;
  const { db, signals } = deps;
  // Not queued or processing: deleted, done, or cancelled before it started.
  const row = await startRun(db, transcriptionId);
  if (!row) return;
  const changed = () =>
    signals
      .notify({ transcriptionId: row.id, userId: row.userId, teamId: row.teamId })
      .catch(() => undefined);
  await changed();

  const cancel = watchForCancel(db, signals, row.id);
  const workDir = await mkdtemp(path.join(deps.workDir, `job-${row.id}-`));
  const decodeSeconds = decodeSecondsFor(row);
  let lastProgress = 0;
  let writes: Promise<unknown> = Promise.resolve();
  const write = (values: Parameters<typeof updateRunningTranscription>[2]) => {
    writes = writes.then(async () => {
      if (await updateRunningTranscription(db, row.id, values)) await changed();
    });
  };
  try {
    // The upload was checked against the engine of its day; this worker's may know less.
    const refusal = languageRefusal(speechCapabilities(engineAbilities(deps.engine)), {
      language: row.languageRequested,
      task: row.task,
    });
    if (refusal) {
      deps.log.warn({ transcriptionId, engine: deps.engine.name }, refusal);
      await failAndGiveSlotBack(db, row, refusal, attempt.queuedAt ?? row.createdAt);
      await changed();
      await deps.announce?.(row, 'transcription.failed');
      return;
    }
    const audio = await deps.storage.fetch(row.audioKey, workDir);
    // Sniffed when the upload was received; a stored format no demuxer reads is not retried.
    const demuxer = demuxerOfFormat(row.audioFormat);
    if (!demuxer) throw new AudioError('unsupported', `stored audio format ${row.audioFormat}`);
    const speakerFeatures = new SpeakerFeatures();
    const vocabulary = await jobVocabulary(db, row);
    const result = await transcribeAudioFile({
      inputPath: audio.path,
      demuxer,
      maxSeconds: decodeSeconds,
      engine: deps.engine,
      workDir,
      minFreeDiskBytes: deps.minFreeDiskBytes ?? 0,
      signal: cancel.signal,
      priority: job.priority,
      ...(row.languageRequested === AUTO_LANGUAGE ? {} : { language: row.languageRequested }),
      task: row.task,
      denoise: row.denoise,
      vocabulary,
      onChunkAudio: (startSample, samples) => speakerFeatures.addChunk(startSample, samples),
      onTranscriptSoFar: (soFar) =>
        write({ text: soFar.text, segments: provisionallyOneVoice(soFar.segments) }),
      onProgress: (percent) => {
        const rounded = Math.min(99, Math.floor(percent));
        if (rounded <= lastProgress) return;
        lastProgress = rounded;
        write({ progress: rounded });
      },
    });
    const blocks = speakerFeatures.timeline();
    const turns = detectSpeakers(blocks, { speakers: row.speakersRequested ?? undefined });
    const segments = await nameKnownVoices(
      db,
      row.userId,
      blocks,
      assignSpeakers(result.segments, turns),
    );
    await writes;
    const completed = await updateRunningTranscription(db, row.id, {
      status: 'completed',
      progress: 100,
      text: result.text,
      segments,
      language: result.language ?? null,
      // An English-only engine cannot tell languages apart: the transcript says it took English.
      languageAssumed: !deps.engine.multilingual && row.languageRequested === AUTO_LANGUAGE,
      denoised: result.denoised,
      droppedAudio: result.dropped,
      // Said again here because a re-run (same row) may cover more of the file than the first run.
      isTruncated: row.transcribeSeconds !== null && row.durationInSeconds > row.transcribeSeconds,
      engine: deps.engine.name,
      model: deps.engine.model,
      error: null,
      completedAt: new Date(),
    });
    if (completed) {
      await changed();
      await deps
        .notifyReady?.(row)
        .catch((error: unknown) =>
          deps.log.warn(
            { transcriptionId, err: error },
            'could not send the transcript-ready email',
          ),
        );
      await deps.announce?.(row, 'transcription.completed');
    }
  } catch (error) {
    await writes.catch(() => undefined);
    if (cancel.cancelled()) {
      deps.log.info?.({ transcriptionId }, 'transcription cancelled by its owner');
      return;
    }
    if (error instanceof AudioError) {
      deps.log.warn({ transcriptionId, detail: error.detail }, 'audio could not be transcribed');
      if (
        await updateRunningTranscription(db, row.id, { status: 'failed', error: error.message })
      ) {
        await changed();
        await deps.announce?.(row, 'transcription.failed');
      }
      return;
    }
    // A full disk stays full: trying again is worth it only once there is room for this file.
    if (
      error instanceof DiskFullError &&
      (attempt.retryCount >= attempt.retryLimit ||
        !(await hasRoomForDecodedAudio(deps.workDir, decodeSeconds, deps.minFreeDiskBytes ?? 0)))
    ) {
      deps.log.warn({ transcriptionId, err: error }, 'no disk space to decode the audio');
      await failAndGiveSlotBack(db, row, DISK_FULL_FAILURE, attempt.queuedAt ?? row.createdAt);
      await changed();
      await deps.announce?.(row, 'transcription.failed');
      return;
    }
    deps.log.error({ transcriptionId, err: error, attempt }, 'transcription attempt failed');
    if (attempt.retryCount >= attempt.retryLimit) {
      await failAndGiveSlotBack(db, row, GENERIC_FAILURE, attempt.queuedAt ?? row.createdAt);
      await changed();
      await deps.announce?.(row, 'transcription.failed');
      return;
    }
    await updateRunningTranscription(db, row.id, { status: 'queued' });
    await changed();
    throw error;
  } finally {
    cancel.stop();
    await rm(workDir, { recursive: true, force: true });
  }
}
