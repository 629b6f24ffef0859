import type { ErrorBody } from '../../../core/api/common';
import type { TranscriptionDto } from '../../../core/api/transcriptions';
import type { SpeechTask } from '../../../core/languages';
import type { DenoiseSetting } from '../../../core/api/denoise-field';
import type { SpeakersRequested } from '../../../core/speakers';

export type UploadOutcome =
  | { kind: 'created'; transcription: TranscriptionDto }
  | { kind: 'http-error'; status: number; message: string | null }
  | { kind: 'network-error' }
  | { kind: 'aborted' };

export interface UploadRequest {
  outcome: Promise<UploadOutcome>;
  abort: () => void;
}

function serverMessage(body: unknown): string | null {
  const message = (body as Partial<ErrorBody> | null)?.message;
  return typeof message === 'string' && message ? message : null;
}

/** What the upload asks of the engine besides the audio. */
export interface UploadChoices {
  speakers: SpeakersRequested;
  /** `auto` or an ISO 639-1 code. */
  language: string;
  task: SpeechTask;
  denoise: DenoiseSetting;
  /** Terms to listen for in this file, as typed: newlines or commas separate them. */
  vocabulary: string;
  /** The recorder's live preview of this recording, if one opened (`previewId` of its `ready`). */
  livePreview?: string | null;
  /** The team whose library it goes into, or null for the user's own. */
  team?: string | null;
}

/**
 * POST /api/transcriptions as multipart (fields `speakers`, `language`, `task`, `denoise`, `vocabulary`, `livePreview`, then `audio`) through
 * XMLHttpRequest, the one browser API that reports upload progress. `onProgress` gets the sent
 * fraction, 0 to 1. The outcome never rejects.
 */
export function sendUpload(
  file: File,
  choices: UploadChoices,
  onProgress: (fraction: number) => void,
): UploadRequest {
  const request = new XMLHttpRequest();
  const outcome = new Promise<UploadOutcome>((resolve) => {
    request.open('POST', '/api/transcriptions');
    request.withCredentials = true;
    request.responseType = 'json';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      const body: unknown = request.response;
      if (request.status >= 200 && request.status < 300 && body && typeof body === 'object') {
        resolve({ kind: 'created', transcription: body as TranscriptionDto });
      } else if (request.status >= 400) {
        resolve({ kind: 'http-error', status: request.status, message: serverMessage(body) });
      } else {
        resolve({ kind: 'network-error' });
      }
    };
    request.onerror = () => resolve({ kind: 'network-error' });
    request.ontimeout = () => resolve({ kind: 'network-error' });
    request.onabort = () => resolve({ kind: 'aborted' });
    const form = new FormData();
    form.append('speakers', String(choices.speakers));
    form.append('language', choices.language);
    form.append('task', choices.task);
    form.append('denoise', choices.denoise);
    if (choices.vocabulary.trim() !== '') form.append('vocabulary', choices.vocabulary);
    if (choices.livePreview) form.append('livePreview', choices.livePreview);
    if (choices.team) form.append('team', choices.team);
    form.append('audio', file, file.name);
    request.send(form);
  });
  return { outcome, abort: () => request.abort() };
}
