import type { ErrorBody } from '../../../core/api/common';
import type { FreeTrialResult } from '../../../core/api/free-trial';
import { MESSAGES } from '../../../core/messages';

/** A failure whose message is the toast's text. */
export class FreeTrialError extends Error {
  override name = 'FreeTrialError';
}

async function serverMessage(response: Response): Promise<string | null> {
  try {
    const body = (await response.json()) as Partial<ErrorBody>;
    return typeof body.message === 'string' ? body.message : null;
  } catch {
    return null;
  }
}

/** POST /api/transcribe/free-trial (multipart: freeTrial=true, audio). */
export async function submitFreeTrial(file: File): Promise<FreeTrialResult> {
  const form = new FormData();
  // The field first: a streaming parser sees it before the file.
  form.append('freeTrial', 'true');
  form.append('audio', file, file.name);
  let response: Response;
  try {
    response = await fetch('/api/transcribe/free-trial', {
      method: 'POST',
      body: form,
      credentials: 'include',
    });
  } catch {
    throw new FreeTrialError(MESSAGES.freeTrialFailed);
  }
  if (!response.ok) {
    // HTTP/2 has no status text: fall back to the server's message, then the code.
    const reason =
      response.statusText || (await serverMessage(response)) || String(response.status);
    throw new FreeTrialError(`Upload failed: ${reason}`);
  }
  try {
    return (await response.json()) as FreeTrialResult;
  } catch {
    throw new FreeTrialError(MESSAGES.freeTrialFailed);
  }
}
