import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Plan } from '../../core/plans.js';
import { AppError } from '../errors/app-error.js';
import type { UploadGate } from '../uploads/admit-upload.js';
import { inspectUpload } from '../uploads/inspect-upload.js';
import {
  claimResumableUploadFinish,
  markResumableUploadFinished,
  releaseResumableUploadFinish,
  type ResumableUploadRow,
} from '../uploads/resumable/resumable-upload.repository.js';
import { removeUpload } from '../uploads/resumable/resumable-upload-store.js';
import { readUploadMetadata } from '../uploads/resumable/upload-metadata.js';
import { createTranscription, type CreateTranscriptionDeps } from './create-transcription.js';
import type { UploadForm } from './upload-form.js';

export const UPLOAD_BEING_FINISHED =
  'This upload is being turned into a transcription by another request. Ask again in a moment.';

export interface FinishResumableUploadInput {
  uploadId: string;
  userId: string;
  plan: Plan;
  readForm(fields: Record<string, string>): Promise<UploadForm>;
}

/**
 * A tus upload whose last byte arrived becomes a transcription through the same path as a form
 * upload: its parts joined into one local file, inspected, then createTranscription, which checks
 * the plan again. Once only: a repeated final request gets the same transcription's id. A refusal
 * (not audio, over a limit) drops the upload and its bytes, and is answered with the reason.
 */
export async function finishResumableUpload(
  deps: CreateTranscriptionDeps & { gate: UploadGate },
  input: FinishResumableUploadInput,
): Promise<string> {
  const { database, gate } = deps;
  const { claimed, row } = await claimResumableUploadFinish(database.db, input.uploadId);
  if (!row) throw new AppError('not_found', 'This upload no longer exists.');
  if (!claimed) {
    if (row.transcriptionId) return row.transcriptionId;
    throw new AppError('conflict', UPLOAD_BEING_FINISHED);
  }
  const tempPath = path.join(gate.workDir, `${randomUUID()}.upload`);
  const disk = await gate.disk.reserve(row.length).catch(async (error: unknown) => {
    await releaseResumableUploadFinish(database.db, row.id);
    throw error;
  });
  try {
    const { filename, fields } = readUploadMetadata(row.metadata);
    const form = await input.readForm(fields);
    await joinParts(deps, row, tempPath);
    const inspected = await inspectUpload(tempPath, row.length, { limits: gate.audioLimits });
    const transcription = await createTranscription(deps, {
      userId: input.userId,
      plan: input.plan,
      audio: { filename, size: row.length, fields, ...inspected, tempPath },
      ...form,
    });
    await markResumableUploadFinished(database.db, row.id, transcription.id);
    for (const part of row.parts) await deps.storage.delete(part.key);
    return transcription.id;
  } catch (error) {
    if (error instanceof AppError) await removeUpload({ db: database.db, ...deps }, row);
    else await releaseResumableUploadFinish(database.db, row.id);
    throw error;
  } finally {
    disk.release();
    await rm(tempPath, { force: true });
  }
}

/** Each part's bytes in order; only the length its row counted (the stored object may be longer). */
async function joinParts(
  deps: CreateTranscriptionDeps,
  row: ResumableUploadRow,
  tempPath: string,
): Promise<void> {
  const out = createWriteStream(tempPath);
  for (const part of row.parts) {
    const body = await deps.storage.read(part.key, { start: 0, end: part.size - 1 });
    await pipeline(body, out, { end: false });
  }
  out.end();
  await new Promise<void>((resolve, reject) => {
    out.once('finish', resolve);
    out.once('error', reject);
  });
}
