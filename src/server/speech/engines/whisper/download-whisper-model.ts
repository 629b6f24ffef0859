import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import {
  requestModelFile,
  startOfContentRange,
  totalFromContentRange,
  writeBody,
} from './fetch-model-file.js';
import type { Checksum } from './model-checksum.js';
import { ModelDownloadError } from './model-download-error.js';
import { sha256Checksum, verifyDownload, verifyPresentModel } from './verify-model-download.js';
import {
  DEFAULT_MODELS_BASE_URL,
  KNOWN_MODEL_SHA1,
  isModelName,
  modelFileName,
  modelUrl,
} from './whisper-model-catalog.js';

export interface DownloadProgress {
  receivedBytes: number;
  totalBytes: number | undefined;
}

export interface DownloadWhisperModelOptions {
  /** tiny.en, base, small.en, ... */
  name: string;
  modelsDir: string;
  baseUrl?: string;
  /** The checksum to hold the file to; default: the known table, then the server's own. */
  expected?: Checksum;
  /** false accepts a file no checksum is known for (its ggml structure is still checked). */
  verify?: boolean;
  /** Tries in one run; each try resumes where the last one stopped. */
  attempts?: number;
  retryDelayMs?: number;
  onProgress?: (progress: DownloadProgress) => void;
  onNotice?: (message: string) => void;
  signal?: AbortSignal;
}

export interface DownloadedModel {
  path: string;
  bytes: number;
  checksum: Checksum | undefined;
  alreadyPresent: boolean;
}

/** What a partial download was fetched from, so a resume never splices two different files. */
interface PartMetadata {
  url: string;
  etag?: string;
  sha256?: string;
}

const MEGABYTE = 1024 * 1024;

/**
 * Fetches ggml-<name>.bin into the models folder: into a `.part` file that later runs resume
 * with an HTTP range request, verified by checksum and ggml structure before it is renamed
 * into place. A bad file is deleted, never installed.
 */
export async function downloadWhisperModel(
  options: DownloadWhisperModelOptions,
): Promise<DownloadedModel> {
  const { name } = options;
  if (!/^[\w.-]+$/.test(name) || (!isModelName(name) && !options.baseUrl)) {
    throw new ModelDownloadError('unknown-model', `Unknown model "${name}"`);
  }
  const url = modelUrl(name, options.baseUrl ?? DEFAULT_MODELS_BASE_URL);
  const finalPath = path.join(options.modelsDir, modelFileName(name));
  const partPath = `${finalPath}.part`;
  const metaPath = `${partPath}.json`;
  const known: Checksum | undefined =
    options.expected ??
    (KNOWN_MODEL_SHA1[name]
      ? { algorithm: 'sha1', hex: KNOWN_MODEL_SHA1[name], source: "whisper.cpp's models/README.md" }
      : undefined);
  await mkdir(options.modelsDir, { recursive: true });

  if (existsSync(finalPath)) {
    const present = await verifyPresentModel(finalPath, known, url, options);
    if (present) return { ...present, alreadyPresent: true };
    options.onNotice?.(`${finalPath} does not match its checksum; downloading it again`);
  }

  const attempts = options.attempts ?? 4;
  let expected: Checksum | undefined;
  for (let attempt = 1; ; attempt += 1) {
    const outcome = await downloadOnce(url, partPath, metaPath, known, options);
    expected = outcome.expected;
    if (outcome.complete) break;
    if (attempt >= attempts) {
      throw new ModelDownloadError(
        'interrupted',
        `The download of ${name} was interrupted at ${megabytes(outcome.received)} of ${megabytes(outcome.total)} (${outcome.reason}). Run the same command again to resume from there.`,
      );
    }
    options.onNotice?.(
      `Interrupted at ${megabytes(outcome.received)} (${outcome.reason}); resuming`,
    );
    await delay((options.retryDelayMs ?? 1_000) * attempt);
  }

  await verifyDownload(partPath, metaPath, expected, options.verify ?? true);
  await rename(partPath, finalPath);
  await rm(metaPath, { force: true });
  return {
    path: finalPath,
    bytes: (await stat(finalPath)).size,
    checksum: expected,
    alreadyPresent: false,
  };
}

type AttemptOutcome = {
  expected: Checksum | undefined;
  received: number;
  total: number | undefined;
} & ({ complete: true } | { complete: false; reason: string });

async function downloadOnce(
  url: string,
  partPath: string,
  metaPath: string,
  known: Checksum | undefined,
  options: DownloadWhisperModelOptions,
): Promise<AttemptOutcome> {
  const meta = await readMetadata(metaPath);
  let have = meta?.url === url && existsSync(partPath) ? (await stat(partPath)).size : 0;
  const headers: Record<string, string> = {};
  if (have > 0) {
    headers.Range = `bytes=${have}-`;
    if (meta?.etag) headers['If-Range'] = meta.etag;
  }
  let answer;
  try {
    answer = await requestModelFile(url, headers, options.signal);
  } catch (error) {
    if (options.signal?.aborted) throw error;
    return {
      complete: false,
      reason: describe(error),
      expected: known,
      received: have,
      total: undefined,
    };
  }
  const { response } = answer;
  const expected = known ?? sha256Checksum(answer.publishedSha256);
  if (!expected && (options.verify ?? true)) {
    await response.body?.cancel();
    throw new ModelDownloadError(
      'no-checksum',
      `No checksum is known or published for ${url}; pass --no-verify to accept it after checking its structure only`,
    );
  }
  if (
    have > 0 &&
    meta?.sha256 &&
    answer.publishedSha256 &&
    meta.sha256 !== answer.publishedSha256
  ) {
    have = 0; // the file changed on the server since the partial download
  }
  let total: number | undefined;
  let append = false;
  if (
    response.status === 206 &&
    startOfContentRange(response.headers.get('content-range')) === have
  ) {
    total = totalFromContentRange(response.headers.get('content-range'));
    append = true;
  } else if (
    response.status === 416 &&
    totalFromContentRange(response.headers.get('content-range')) === have
  ) {
    return { complete: true, expected, received: have, total: have };
  } else if (response.status === 200) {
    const length = Number(response.headers.get('content-length'));
    total = length > 0 ? length : answer.publishedSize;
    have = 0;
  } else {
    await response.body?.cancel();
    if (response.status === 206 || response.status === 416) {
      await rm(partPath, { force: true });
      return {
        complete: false,
        reason: 'the server sent another range',
        expected,
        received: 0,
        total,
      };
    }
    throw new ModelDownloadError(
      'http',
      `${url} answered ${response.status} ${response.statusText}`,
    );
  }
  const etag = response.headers.get('etag');
  await writeMetadata(metaPath, {
    url,
    ...(etag && !etag.startsWith('W/') ? { etag } : {}),
    ...(answer.publishedSha256 ? { sha256: answer.publishedSha256 } : {}),
  });
  let received = have;
  options.onProgress?.({ receivedBytes: received, totalBytes: total });
  try {
    await writeBody(response, partPath, append, (count) => {
      received += count;
      options.onProgress?.({ receivedBytes: received, totalBytes: total });
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    // Bytes still queued in the stream when the connection broke never reach the disk.
    const saved = existsSync(partPath) ? (await stat(partPath)).size : 0;
    return { complete: false, reason: describe(error), expected, received: saved, total };
  }
  if (total !== undefined && received < total) {
    return { complete: false, reason: 'the connection closed early', expected, received, total };
  }
  return { complete: true, expected, received, total };
}

async function readMetadata(metaPath: string): Promise<PartMetadata | undefined> {
  try {
    return JSON.parse(await readFile(metaPath, 'utf8')) as PartMetadata;
  } catch {
    return undefined;
  }
}

const writeMetadata = (metaPath: string, meta: PartMetadata) =>
  writeFile(metaPath, `${JSON.stringify(meta)}\n`);

const megabytes = (bytes: number | undefined): string =>
  bytes === undefined ? 'an unknown size' : `${(bytes / MEGABYTE).toFixed(1)} MB`;

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.message}${cause}`;
}
