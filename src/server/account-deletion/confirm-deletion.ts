import { AppError } from '../errors/app-error.js';
import type { Auth } from '../accounts/auth.js';
import type { WrongPasswordThrottle } from './wrong-password-throttle.js';

export const ENTER_PASSWORD = 'Enter your password to delete your account.';
export const WRONG_PASSWORD = 'That password is not right, so your account was not deleted.';
export const SIGN_IN_AGAIN =
  'To delete an account that signs in with single sign-on, sign in again first (within the last 10 minutes).';

/** How recent a single sign-on session must be to delete the account without a password. */
export const FRESH_SIGN_IN_MS = 10 * 60 * 1000;

/**
 * Proof that the person at the keyboard is the account's owner, not someone at an unlocked
 * screen: the password when the account has one, otherwise a sign-in made in the last 10 minutes.
 */
export async function confirmDeletion(
  auth: Auth,
  request: { userId: string; headers: Headers },
  password: string | undefined,
  throttle: WrongPasswordThrottle,
  now: Date = new Date(),
): Promise<void> {
  const context = await auth.$context;
  const credential = await context.internalAdapter.findCredentialAccount(request.userId);
  if (credential?.password) {
    if (!password) throw new AppError('bad_request', ENTER_PASSWORD);
    throttle.check(request.userId);
    const valid = await context.password.verify({ hash: credential.password, password });
    if (!valid) {
      throttle.failed(request.userId);
      throw new AppError('forbidden', WRONG_PASSWORD);
    }
    return;
  }
  const current = await auth.api.getSession({ headers: request.headers });
  const begun = current?.session.createdAt;
  if (!begun || now.getTime() - new Date(begun).getTime() > FRESH_SIGN_IN_MS)
    throw new AppError('forbidden', SIGN_IN_AGAIN);
}
