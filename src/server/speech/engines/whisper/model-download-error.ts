export type DownloadProblem =
  'unknown-model' | 'http' | 'interrupted' | 'checksum' | 'no-checksum' | 'not-a-model';

/** A model download failed; the message says what to do next. */
export class ModelDownloadError extends Error {
  override name = 'ModelDownloadError';
  constructor(
    readonly problem: DownloadProblem,
    message: string,
  ) {
    super(message);
  }
}
