import type { ChangeEmailAnswer } from '../../../core/api/account';
import { postIdentity, TOO_MANY, UNREACHABLE } from '../sign-in/identity-request';

/** The outcome of one settings change: the server's answer, or a sentence for the form. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: string };

const CODE_MESSAGES: Record<string, string> = {
  INVALID_PASSWORD: 'Your current password is not right.',
  PASSWORD_TOO_SHORT: 'The new password needs at least 8 characters.',
  PASSWORD_TOO_LONG: 'The new password can have at most 128 characters.',
  CREDENTIAL_ACCOUNT_NOT_FOUND:
    'This account signs in with single sign-on and has no password here.',
};

async function outcomeOf<T>(response: Response | null): Promise<Outcome<T>> {
  if (!response) return { ok: false, error: UNREACHABLE };
  if (response.status === 429) return { ok: false, error: TOO_MANY };
  const data = (await response.json().catch(() => ({}))) as {
    code?: string;
    message?: string;
  };
  if (response.ok) return { ok: true, value: data as T };
  const known = data.code ? CODE_MESSAGES[data.code] : undefined;
  return { ok: false, error: known ?? data.message ?? 'Something went wrong. Please try again.' };
}

export async function changeName(name: string): Promise<Outcome<unknown>> {
  return outcomeOf(await postIdentity('/api/identity/update-user', { name }));
}

/** Other devices are signed out: whoever knew the old password is out with it. */
export async function changePassword(
  currentPassword: string,
  newPassword: string,
): Promise<Outcome<unknown>> {
  return outcomeOf(
    await postIdentity('/api/identity/change-password', {
      currentPassword,
      newPassword,
      revokeOtherSessions: true,
    }),
  );
}

export async function changeEmail(
  newEmail: string,
  currentPassword: string,
): Promise<Outcome<ChangeEmailAnswer>> {
  return outcomeOf(await postIdentity('/api/account/email', { newEmail, currentPassword }));
}
