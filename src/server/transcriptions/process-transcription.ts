import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../db/database.js';
import type { JobAttempt, TranscriptionJobData } from '../jobs/job-queue.js';
import { AudioError } from '../speech/audio/audio-error.js';
import { sniffAudioFile } from '../speech/audio/sniff-audio-format.js';
import type { SpeechEngine } from '../speech/engines/engine.js';
import { transcribeAudioFile } from '../speech/transcribe-audio-file.js';
import type { ObjectStorage } from '../storage/object-storage.js';
import { findTranscriptionById, updateTranscription } from './transcription.repository.js';

export const GENERIC_FAILURE = 'Transcription failed. Please try again.';

export interface ProcessTranscriptionDeps {
  db: Database;
  storage: ObjectStorage;
  engine: SpeechEngine;
  log: {
    warn: (object: object, message: string) => void;
    error: (object: object, message: string) => void;
  };
}

/**
 * One run of a transcription job. Idempotent: a retried run overwrites what an earlier, killed run
 * wrote. Problems with the audio fail the transcription for good; other errors are thrown so the
 * queue retries, and the last attempt records a failure the user can see.
 */
export async function processTranscription(
  deps: ProcessTranscriptionDeps,
  job: TranscriptionJobData,
  attempt: JobAttempt,
  signal?: AbortSignal,
): Promise<void> {
  const { transcriptionId } = job;
  const row = await findTranscriptionById(deps.db, transcriptionId);
  if (!row || row.status === 'completed') return; // deleted meanwhile, or already done
  await updateTranscription(deps.db, row.id, { status: 'processing', progress: 0, error: null });

  const workDir = await mkdtemp(path.join(deps.storage.tempDir, `job-${row.id}-`));
  let lastProgress = 0;
  let progressWrite: Promise<void> = Promise.resolve();
  try {
    const inputPath = await deps.storage.localPath(row.audioKey);
    const format = await sniffAudioFile(inputPath);
    if (!format) throw new AudioError('unsupported', 'stored audio no longer sniffs as audio');
    const result = await transcribeAudioFile({
      inputPath,
      demuxer: format.demuxer,
      maxSeconds: row.transcribeSeconds ?? undefined,
      engine: deps.engine,
      workDir,
      signal,
      priority: job.priority,
      onProgress: (percent) => {
        const rounded = Math.min(99, Math.floor(percent));
        if (rounded <= lastProgress) return;
        lastProgress = rounded;
        progressWrite = progressWrite.then(() =>
          updateTranscription(deps.db, row.id, { progress: rounded }),
        );
      },
    });
    await progressWrite;
    if (!(await findTranscriptionById(deps.db, row.id))) return; // deleted while it ran
    await updateTranscription(deps.db, row.id, {
      status: 'completed',
      progress: 100,
      text: result.text,
      segments: result.segments,
      language: result.language ?? null,
      // Said again here because a re-run (same row) may cover more of the file than the first run.
      isTruncated: row.transcribeSeconds !== null && row.durationInSeconds > row.transcribeSeconds,
      engine: deps.engine.name,
      model: deps.engine.model,
      error: null,
      completedAt: new Date(),
    });
  } catch (error) {
    await progressWrite.catch(() => undefined);
    if (error instanceof AudioError) {
      deps.log.warn({ transcriptionId, detail: error.detail }, 'audio could not be transcribed');
      await updateTranscription(deps.db, row.id, { status: 'failed', error: error.message });
      return;
    }
    deps.log.error({ transcriptionId, err: error, attempt }, 'transcription attempt failed');
    if (attempt.retryCount >= attempt.retryLimit) {
      await updateTranscription(deps.db, row.id, { status: 'failed', error: GENERIC_FAILURE });
      return;
    }
    await updateTranscription(deps.db, row.id, { status: 'queued' });
    throw error;
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
