import { APIError } from 'better-auth/api';
import { AppError } from '../errors/app-error.js';
import type { ChangeEmailAnswer, ChangeEmailBody } from '../../core/api/account.js';
import type { Auth } from './auth.js';

export const WRONG_CURRENT_PASSWORD = 'Your current password is not right.';
export const NO_PASSWORD_TO_CONFIRM =
  'This account signs in with single sign-on and has no password here, so its address comes from your identity provider.';
export const EMAIL_TAKEN = 'Another account already uses this email address.';
export const EMAIL_UNCHANGED = 'This is already your email address.';

/**
 * Changes the signed-in user's address once their current password proves it is them. With email
 * the change waits for the link sent to the new address (better-auth's change-email flow); without,
 * the password is the only proof there can be, and the address changes at once.
 */
export async function changeEmail(
  auth: Auth,
  request: { userId: string; email: string; headers: Headers },
  body: ChangeEmailBody,
  accountEmails: boolean,
): Promise<ChangeEmailAnswer> {
  const newEmail = body.newEmail.trim().toLowerCase();
  if (newEmail === request.email.toLowerCase()) throw new AppError('bad_request', EMAIL_UNCHANGED);
  const context = await auth.$context;
  const credential = await context.internalAdapter.findCredentialAccount(request.userId);
  if (!credential?.password) throw new AppError('bad_request', NO_PASSWORD_TO_CONFIRM);
  const valid = await context.password.verify({
    hash: credential.password,
    password: body.currentPassword,
  });
  if (!valid) throw new AppError('bad_request', WRONG_CURRENT_PASSWORD);

  if (accountEmails) {
    try {
      await auth.api.changeEmail({
        body: { newEmail, callbackURL: '/account' },
        headers: request.headers,
      });
    } catch (error) {
      if (error instanceof APIError) throw new AppError('bad_request', error.message);
      throw error;
    }
    return { outcome: 'confirmation-sent', email: request.email };
  }
  if (await context.internalAdapter.findUserByEmail(newEmail)) {
    throw new AppError('conflict', EMAIL_TAKEN);
  }
  // Unconfirmed from now on: should the operator add email later, the new address proves itself.
  await context.internalAdapter.updateUser(request.userId, {
    email: newEmail,
    emailVerified: false,
  });
  return { outcome: 'changed', email: newEmail };
}
