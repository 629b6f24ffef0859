import type { FastifyBaseLogger } from 'fastify';
import type { AuthenticatedUser } from './authenticate.js';

/** What a stream was opened with, so it can be checked again later. */
export type StreamCredential =
  { kind: 'session'; cookieHeader: string } | { kind: 'key'; keyId: string };

export type CredentialCheck = (userId: string, credential: StreamCredential) => Promise<boolean>;

interface HeldStream {
  userId: string;
  credential: StreamCredential;
  end(): void;
}

/**
 * The long-lived answers of this process (event streams, live-preview sockets), by user, so that
 * whatever ends a session or a key (sign-out, account deletion, a revoked key) ends them too:
 * when a user's sessions change, here or in another process (the session revocations channel),
 * each of their streams has its session or key checked in the database, and the ones no longer
 * valid are ended at once.
 */
export class SignedInStreams {
  private readonly byUser = new Map<string, Set<HeldStream>>();

  constructor(
    private readonly stillValid: CredentialCheck,
    private readonly log: FastifyBaseLogger,
  ) {}

  get openStreams(): number {
    let count = 0;
    for (const streams of this.byUser.values()) count += streams.size;
    return count;
  }

  /**
   * Keeps a stream until the returned release is called, and calls `end` once its session or key
   * is no longer valid. It is checked once now as well: a revocation may have come between the
   * request's authentication and this.
   */
  hold(user: AuthenticatedUser, cookieHeader: string | undefined, end: () => void): () => void {
    const credential: StreamCredential =
      user.via === 'key' && user.keyId !== undefined
        ? { kind: 'key', keyId: user.keyId }
        : { kind: 'session', cookieHeader: cookieHeader ?? '' };
    const held: HeldStream = { userId: user.id, credential, end };
    let streams = this.byUser.get(user.id);
    if (!streams) {
      streams = new Set();
      this.byUser.set(user.id, streams);
    }
    streams.add(held);
    void this.check(held);
    return () => this.release(held);
  }

  /** Checks the streams of one user again, or of everybody when a change may have been missed. */
  async recheck(userId: string | undefined): Promise<void> {
    const streams =
      userId === undefined
        ? [...this.byUser.values()].flatMap((set) => [...set])
        : [...(this.byUser.get(userId) ?? [])];
    await Promise.all(streams.map((held) => this.check(held)));
  }

  private async check(held: HeldStream): Promise<void> {
    let valid: boolean;
    try {
      valid = await this.stillValid(held.userId, held.credential);
    } catch (error) {
      // The database is away: the next change or reconnection checks again.
      this.log.warn({ err: error }, 'could not check an open stream against its session');
      return;
    }
    if (valid || !this.release(held)) return;
    held.end();
  }

  /** True when it was still held. */
  private release(held: HeldStream): boolean {
    const streams = this.byUser.get(held.userId);
    if (!streams?.delete(held)) return false;
    if (streams.size === 0) this.byUser.delete(held.userId);
    return true;
  }
}
