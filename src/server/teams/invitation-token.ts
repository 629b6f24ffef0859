import { createHash, randomBytes } from 'node:crypto';

/** The secret of an invitation link: 32 random bytes, base64url. Only its hash is stored. */
export function newInvitationToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashInvitationToken(token) };
}

export function hashInvitationToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function invitationUrl(origin: string, token: string): string {
  return `${origin}/invitations/${token}`;
}
