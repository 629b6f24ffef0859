import { RESET_NEEDS_OPERATOR } from '../../../core/password-reset';
import { postIdentity, TOO_MANY, UNREACHABLE } from './identity-request';

async function errorOf(response: Response): Promise<string> {
  if (response.status === 429) return TOO_MANY;
  const data = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
  if (data.code === 'RESET_PASSWORD_DISABLED') return RESET_NEEDS_OPERATOR;
  if (data.code === 'INVALID_TOKEN')
    return 'This reset link has expired or was already used. Please ask for a new one.';
  return data.message ?? 'Something went wrong. Please try again.';
}

/** Asks for a reset link by email; resolves to an error for the form, or null. */
export async function requestPasswordReset(email: string): Promise<string | null> {
  const response = await postIdentity('/api/identity/request-password-reset', { email });
  if (!response) return UNREACHABLE;
  return response.ok ? null : errorOf(response);
}

/** Sets a new password with the token from the emailed link; resolves to an error, or null. */
export async function resetPassword(token: string, newPassword: string): Promise<string | null> {
  const response = await postIdentity('/api/identity/reset-password', { token, newPassword });
  if (!response) return UNREACHABLE;
  return response.ok ? null : errorOf(response);
}
