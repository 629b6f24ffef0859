import type { DenoiseSetting } from '../../core/api/denoise-field.js';
import { randomUUID } from 'node:crypto';
import { AUTO_LANGUAGE, type SpeechTask } from '../../core/languages.js';
import { MAX_AUDIO_SECONDS, type Plan } from '../../core/plans.js';
import type { DatabaseHandle } from '../db/database.js';
import { withRawTransaction } from '../db/raw-transaction.js';
import { transcriptions } from '../db/schema.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { WORK_PRIORITY } from '../speech/engines/engine.js';
import type { ObjectStorage } from '../storage/object-storage.js';
import { assertAccountActive } from '../quota/assert-account-active.js';
import {
  assertMonthlyQuota,
  assertStorageQuota,
  countTranscription,
  lockUserQuota,
} from '../quota/monthly-quota.js';
import { claimLivePreviewCharge } from '../quota/live-preview-charges.js';
import { utcMonth } from '../quota/usage.js';
import type { ReceivedAudio } from '../uploads/receive-audio.js';
import type { TranscriptionRow } from './transcription.repository.js';
import { enqueueTranscription } from './processing/transcription-jobs.js';

export interface CreateTranscriptionDeps {
  database: DatabaseHandle;
  storage: ObjectStorage;
  queue: JobQueue;
}

/** How much of the audio the plan transcribes, and whether that cuts it short. */
export function transcriptionWindow(plan: Plan, durationSeconds: number) {
  const limit = Math.min(plan.limits.transcriptSeconds ?? MAX_AUDIO_SECONDS, MAX_AUDIO_SECONDS);
  const isTruncated = durationSeconds > limit;
  return {
    transcribeSeconds: isTruncated || plan.limits.transcriptSeconds !== null ? limit : null,
    isTruncated,
  };
}

/**
 * Stores the received audio, then checks the plan again under the user's lock and writes the row
 * and its job in one transaction; the stored audio is removed again if that fails.
 */
export async function createTranscription(
  deps: CreateTranscriptionDeps,
  input: {
    /** Chosen by the caller when something must name the transcription first (its webhook). */
    id?: string;
    userId: string;
    plan: Plan;
    audio: ReceivedAudio;
    /** 1-10 voices asked for, or null (the default) to detect how many speak. */
    speakersRequested?: number | null;
    /** `auto` (the default) or an ISO 639-1 code, already checked against the engine. */
    language?: string;
    task?: SpeechTask;
    /** The `denoise` field; `auto` when not given. */
    denoise?: DenoiseSetting;
    /** Terms this upload adds to the account's vocabulary. */
    vocabulary?: readonly string[];
    /** The live preview of this recording: its charge, if still unclaimed, pays for the upload. */
    livePreview?: string;
    /** The team whose library it goes into (checked by the caller); its uploader still pays. */
    teamId?: string | null;
  },
): Promise<TranscriptionRow> {
  const { audio, userId, plan } = input;
  let storedKey: string | undefined;
  try {
    const id = input.id ?? randomUUID();
    const window = transcriptionWindow(plan, audio.durationSeconds);
    const row: TranscriptionRow = {
      id,
      userId,
      teamId: input.teamId ?? null,
      filename: audio.filename,
      text: '',
      segments: [],
      createdAt: new Date(),
      updatedAt: new Date(),
      durationInSeconds: Math.min(audio.durationSeconds, MAX_AUDIO_SECONDS + 1),
      fileSize: audio.size,
      isTruncated: window.isTruncated,
      transcribeSeconds: window.transcribeSeconds,
      status: 'queued',
      progress: 0,
      error: null,
      language: null,
      languageRequested: input.language ?? AUTO_LANGUAGE,
      task: input.task ?? 'transcribe',
      languageAssumed: false,
      engine: null,
      model: null,
      audioFormat: audio.format.format,
      audioKey: `${id}.${audio.format.format}`,
      completedAt: null,
      version: 1,
      originalText: null,
      originalSegments: null,
      shareToken: null,
      deletedAt: null,
      audioDeletedAt: null,
      speakersRequested: input.speakersRequested ?? null,
      denoise: input.denoise ?? 'auto',
      denoised: null,
      droppedAudio: [],
      vocabulary: input.vocabulary?.length ? [...input.vocabulary] : null,
    };
    await deps.storage.putFile(row.audioKey, audio.tempPath);
    storedKey = row.audioKey;
    const insert = deps.database.db.insert(transcriptions).values(row).toSQL();
    const { db } = deps.database;
    await withRawTransaction(deps.database, async (executeSql) => {
      await lockUserQuota(executeSql, userId);
      await assertAccountActive(executeSql, db, userId);
      // Its preview was counted already (decision 0072): claimed once, it is neither refused
      // by the month's limit nor counted again.
      const paidByPreview =
        input.livePreview !== undefined &&
        (await claimLivePreviewCharge(executeSql, {
          previewId: input.livePreview,
          userId,
          month: utcMonth(row.createdAt),
          transcriptionId: id,
        }));
      if (!paidByPreview) await assertMonthlyQuota(executeSql, db, plan, userId);
      await assertStorageQuota(executeSql, db, plan, userId, audio.size);
      await executeSql(insert.sql, insert.params);
      if (!paidByPreview) await countTranscription(executeSql, db, userId, row.createdAt);
      const priority = plan.priorityProcessing ? WORK_PRIORITY.priority : WORK_PRIORITY.standard;
      await enqueueTranscription(deps.queue, { transcriptionId: id, priority }, executeSql);
    });
    storedKey = undefined;
    return row;
  } finally {
    if (storedKey) await deps.storage.delete(storedKey);
  }
}
