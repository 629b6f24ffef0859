import * as tus from 'tus-js-client';
import type { TranscriptionDto } from '../../../core/api/transcriptions';
import type { UploadChoices, UploadOutcome, UploadRequest } from './send-upload';

export const UPLOADS_ENDPOINT = '/api/uploads';

/** Bytes sent and when: enough for a speed and a time left. */
export interface SendProgress {
  sent: number;
  total: number;
}

/** After a broken connection tus-js-client asks where the server stopped, then goes on. */
const RETRY_DELAYS_MS = [0, 1_000, 3_000, 5_000, 10_000, 20_000, 30_000, 60_000];

function messageOf(error: unknown): { status: number; message: string | null } | null {
  if (!(error instanceof tus.DetailedError) || !error.originalResponse) return null;
  const status = error.originalResponse.getStatus();
  try {
    const body = JSON.parse(error.originalResponse.getBody()) as { message?: unknown };
    return { status, message: typeof body.message === 'string' ? body.message : null };
  } catch {
    return { status, message: null };
  }
}

/**
 * Sends the file with the tus protocol to `/api/uploads`: a broken connection is retried from
 * where the server stopped, and the upload's address is kept in localStorage (tus-js-client's
 * fingerprint of name, type, size and date), so the same file chosen again after a reload goes on
 * from there. A refusal (the plan, the file) comes back at once with the server's reason.
 */
export function sendResumableUpload(
  file: File,
  choices: Omit<UploadChoices, 'livePreview'>,
  onProgress: (progress: SendProgress) => void,
): UploadRequest {
  let upload: tus.Upload | undefined;
  let aborted = false;
  let settle: (outcome: UploadOutcome) => void = () => undefined;
  const outcome = new Promise<UploadOutcome>((resolve) => {
    settle = resolve;
    let transcriptionId: string | null = null;
    const metadata: Record<string, string> = {
      filename: file.name,
      filetype: file.type,
      speakers: String(choices.speakers),
      language: choices.language,
      task: choices.task,
      denoise: choices.denoise,
    };
    if (choices.vocabulary.trim() !== '') metadata.vocabulary = choices.vocabulary;
    if (choices.team) metadata.team = choices.team;
    upload = new tus.Upload(file, {
      endpoint: UPLOADS_ENDPOINT,
      metadata,
      retryDelays: RETRY_DELAYS_MS,
      // Parts of 8 MiB: a cut costs at most one part even where a proxy drops the partial body.
      chunkSize: 8 * 1024 * 1024,
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      onShouldRetry: (error) => {
        const status = messageOf(error)?.status ?? 0;
        // The server's refusals stand; broken connections, 409 (offset) and 423/5xx are retried.
        return status === 0 || status === 409 || status === 423 || status >= 500;
      },
      onProgress: (sent, total) => onProgress({ sent, total }),
      onAfterResponse: (_request, response) => {
        const id = response.getHeader('X-Transcription-Id');
        if (id) transcriptionId = id;
      },
      onSuccess: () => {
        if (!transcriptionId) return resolve({ kind: 'network-error' });
        void fetch(`/api/transcriptions/${transcriptionId}`, { credentials: 'same-origin' })
          .then(async (response) =>
            response.ok
              ? resolve({
                  kind: 'created',
                  transcription: (await response.json()) as TranscriptionDto,
                })
              : resolve({ kind: 'network-error' }),
          )
          .catch(() => resolve({ kind: 'network-error' }));
      },
      onError: (error) => {
        if (aborted) return resolve({ kind: 'aborted' });
        const refusal = messageOf(error);
        resolve(
          refusal
            ? { kind: 'http-error', status: refusal.status, message: refusal.message }
            : { kind: 'network-error' },
        );
      },
    });
    const started = upload;
    void started
      .findPreviousUploads()
      .then((previous) => {
        const [latest] = previous.sort((a, b) => b.creationTime.localeCompare(a.creationTime));
        if (latest) started.resumeFromPreviousUpload(latest);
      })
      .catch(() => undefined)
      .finally(() => {
        if (!aborted) started.start();
      });
  });
  return {
    outcome,
    abort: () => {
      aborted = true;
      // Cancelled by the user: the server drops what it kept (tus termination).
      void upload?.abort(true).finally(() => settle({ kind: 'aborted' }));
    },
  };
}
