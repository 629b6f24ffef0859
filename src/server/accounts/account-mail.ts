import type { Mailer } from '../mail/mailer.js';
import { passwordResetEmail, signUpAttemptEmail, verificationEmail } from './account-emails.js';

interface Recipient {
  name: string;
  email: string;
}

/**
 * The emails about an account. Sending never holds up the request that caused it (an answer
 * that waits on SMTP would tell, by its timing, whether the address has an account).
 */
export interface AccountMail {
  readonly enabled: boolean;
  sendPasswordReset(user: Recipient, token: string): void;
  sendVerification(user: Recipient, verifyUrl: string): void;
  /** Called by sign-up when the address already has an account (the answer does not say so). */
  sendSignUpAttempt(user: Recipient): void;
}

export function createAccountMail(
  mailer: Mailer,
  baseUrl: string,
  logError: (error: unknown, message: string) => void,
): AccountMail {
  const send = (message: Parameters<Mailer['send']>[0], what: string) => {
    if (!mailer.enabled) return;
    mailer.send(message).catch((error: unknown) => logError(error, `could not send the ${what}`));
  };
  return {
    enabled: mailer.enabled,
    sendPasswordReset(user, token) {
      const url = `${baseUrl}/reset-password?token=${encodeURIComponent(token)}`;
      send(passwordResetEmail(user, url), 'password reset email');
    },
    sendVerification(user, verifyUrl) {
      send(verificationEmail(user, verifyUrl), 'verification email');
    },
    sendSignUpAttempt(user) {
      send(
        signUpAttemptEmail(user, {
          signIn: `${baseUrl}/api/login`,
          reset: `${baseUrl}/forgot-password`,
        }),
        'sign-up attempt notice',
      );
    },
  };
}
