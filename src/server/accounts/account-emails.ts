import { PRODUCT_NAME } from '../../core/product.js';
import type { MailMessage } from '../mail/mailer.js';

interface Recipient {
  name: string;
  email: string;
}

export const RESET_LINK_HOURS = 1;

export function passwordResetEmail(user: Recipient, resetUrl: string): MailMessage {
  return {
    to: user.email,
    subject: `Reset your ${PRODUCT_NAME} password`,
    text: [
      `Hello ${user.name},`,
      '',
      `Someone (hopefully you) asked to reset the password of your ${PRODUCT_NAME} account. Open this link to choose a new one:`,
      '',
      resetUrl,
      '',
      `The link works once and expires in ${RESET_LINK_HOURS} hour. If you did not ask for it, ignore this email: your password stays as it is.`,
    ].join('\n'),
  };
}

export function verificationEmail(user: Recipient, verifyUrl: string): MailMessage {
  return {
    to: user.email,
    subject: `Confirm your email address for ${PRODUCT_NAME}`,
    text: [
      `Hello ${user.name},`,
      '',
      `Please confirm that this address belongs to you by opening this link:`,
      '',
      verifyUrl,
      '',
      `You need to confirm it before you can sign in again. If you did not create a ${PRODUCT_NAME} account, ignore this email.`,
    ].join('\n'),
  };
}

/** To the owner of an address someone tried to register again: the sign-up page does not say. */
export function signUpAttemptEmail(
  user: Recipient,
  links: { signIn: string; reset: string },
): MailMessage {
  return {
    to: user.email,
    subject: `Someone tried to sign up to ${PRODUCT_NAME} with your address`,
    text: [
      `Hello ${user.name},`,
      '',
      `Someone tried to create a ${PRODUCT_NAME} account with this email address, which already has an account. No new account was made.`,
      '',
      `If that was you, sign in instead: ${links.signIn}`,
      `Forgot your password? Reset it here: ${links.reset}`,
      '',
      'If it was not you, you can ignore this email.',
    ].join('\n'),
  };
}
