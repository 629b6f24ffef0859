/**
 * Why a request on a user's behalf did not happen or did not answer: `refused` by the guard (the
 * address, the scheme, too many redirects), or `failed` on the way (no such host, no answer in
 * time, a broken connection). The message is shown to the user as it is.
 */
export class OutboundError extends Error {
  override name = 'OutboundError';
  constructor(
    readonly kind: 'refused' | 'failed',
    message: string,
  ) {
    super(message);
  }
}
