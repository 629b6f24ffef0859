import { rm, stat } from 'node:fs/promises';
import { requestModelFile } from './fetch-model-file.js';
import { inspectWhisperModel } from './inspect-whisper-model.js';
import { hashFile, type Checksum } from './model-checksum.js';
import { ModelDownloadError } from './model-download-error.js';
import { WhisperModelError } from './whisper-model-error.js';

export interface PresentModel {
  path: string;
  bytes: number;
  checksum: Checksum | undefined;
}

/** Holds a finished download to its checksum and the ggml structure; deletes it if it fails. */
export async function verifyDownload(
  partPath: string,
  metaPath: string,
  expected: Checksum | undefined,
  verify: boolean,
): Promise<void> {
  const discard = () => Promise.all([rm(partPath, { force: true }), rm(metaPath, { force: true })]);
  if (expected && verify) {
    const actual = await hashFile(partPath, expected.algorithm);
    if (actual !== expected.hex) {
      await discard();
      throw new ModelDownloadError(
        'checksum',
        `Checksum mismatch: expected ${expected.algorithm} ${expected.hex} (${expected.source}), got ${actual}. The download was deleted; run the command again.`,
      );
    }
  }
  try {
    await inspectWhisperModel(partPath);
  } catch (error) {
    if (!(error instanceof WhisperModelError)) throw error;
    await discard();
    throw new ModelDownloadError(
      'not-a-model',
      `The downloaded file was deleted: ${error.message}`,
    );
  }
}

/** A model already in place that matches its checksum, or undefined to download it again. */
export async function verifyPresentModel(
  finalPath: string,
  known: Checksum | undefined,
  url: string,
  options: { verify?: boolean; signal?: AbortSignal },
): Promise<PresentModel | undefined> {
  const present = async (checksum: Checksum | undefined): Promise<PresentModel> => ({
    path: finalPath,
    bytes: (await stat(finalPath)).size,
    checksum,
  });
  if (!(options.verify ?? true)) return present(undefined);
  let expected = known;
  if (!expected) {
    const answer = await requestModelFile(url, { Range: 'bytes=0-0' }, options.signal);
    await answer.response.body?.cancel();
    expected = sha256Checksum(answer.publishedSha256);
  }
  if (!expected || (await hashFile(finalPath, expected.algorithm)) !== expected.hex)
    return undefined;
  return present(expected);
}

export const sha256Checksum = (hex: string | undefined): Checksum | undefined =>
  hex
    ? { algorithm: 'sha256', hex, source: 'the checksum the server published (X-Linked-Etag)' }
    : undefined;
