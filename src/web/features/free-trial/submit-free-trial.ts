import type { ErrorBody } from '../../../core/api/common';
import type { FreeTrialResult } from '../../../core/api/free-trial';
import { MESSAGES } from '../../../core/messages';

/** A failure whose message is said beside the trial's drop area. */
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
    // The server's own words say what to do; the spec's "Upload failed: {status text}" only
    // when it gave none (decision 0071).
    const message = await serverMessage(response);
    throw new FreeTrialError(
      message ?? `Upload failed: ${response.statusText || String(response.status)}`,
    );
  }
  try {
    return (await response.json()) as FreeTrialResult;
  } catch {
    throw new FreeTrialError(MESSAGES.freeTrialFailed);
  }
}
