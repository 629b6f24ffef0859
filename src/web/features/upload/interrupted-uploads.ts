import * as tus from 'tus-js-client';
import { UPLOADS_ENDPOINT } from './send-resumable-upload';

/** An upload a reload or a closed tab left unfinished, as tus-js-client remembered it. */
export interface InterruptedUpload {
  key: string;
  filename: string;
  size: number;
  uploadUrl: string;
}

/** The unfinished uploads this browser remembers, newest first. */
export async function findInterruptedUploads(): Promise<InterruptedUpload[]> {
  const storage = tus.defaultOptions.urlStorage;
  const stored = await storage.findAllUploads().catch(() => []);
  return stored
    .filter((entry) => entry.uploadUrl && entry.urlStorageKey)
    .sort((a, b) => b.creationTime.localeCompare(a.creationTime))
    .map((entry) => ({
      key: entry.urlStorageKey,
      filename: entry.metadata.filename ?? 'audio',
      size: entry.size ?? 0,
      uploadUrl: entry.uploadUrl ?? '',
    }));
}

/** Forgets an unfinished upload here and asks the server to drop what it kept of it. */
export async function discardInterruptedUpload(upload: InterruptedUpload): Promise<void> {
  await tus.defaultOptions.urlStorage.removeUpload(upload.key).catch(() => undefined);
  if (upload.uploadUrl.includes(UPLOADS_ENDPOINT))
    await tus.Upload.terminate(upload.uploadUrl, {}).catch(() => undefined);
}
