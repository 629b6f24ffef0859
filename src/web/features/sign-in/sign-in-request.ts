import { postIdentity, TOO_MANY, UNREACHABLE } from './identity-request';
import { serverSendsEmail } from '../../lib/use-server-sends-email';
export type SignInMode = 'sign-in' | 'sign-up';

export interface SignInInput {
  mode: SignInMode;
  name: string;
  email: string;
  password: string;
  /** Where the confirmation link leads after sign-up, when the server confirms by email. */
  returnTo: string;
}

/** What the form shows next: go on signed in, read the email, or an error message. */
export type SignInOutcome =
  { kind: 'signed-in' } | { kind: 'check-email' } | { kind: 'error'; message: string };

/** Only after a sign-up whose sign-in failed: the address had an account with another password. */
const ADDRESS_TAKEN = 'An account with this email already exists. Sign in instead.';

async function errorMessage(response: Response): Promise<string> {
  if (response.status === 429) return TOO_MANY;
  const data = (await response.json().catch(() => ({}))) as { message?: string };
  return data.message ?? 'Something went wrong. Please try again.';
}

async function signIn(email: string, password: string): Promise<SignInOutcome> {
  const response = await postIdentity('/api/identity/sign-in/email', { email, password });
  if (!response) return { kind: 'error', message: UNREACHABLE };
  if (response.ok) return { kind: 'signed-in' };
  return { kind: 'error', message: await errorMessage(response) };
}

/**
 * Sign-up answers the same for a new and a taken address and starts no session. With email the
 * link it sent (a confirmation, or a note to the address's owner) is the next step; without,
 * the form signs in with the same password, which only the address's first owner can do.
 */
async function signUp(input: SignInInput): Promise<SignInOutcome> {
  const response = await postIdentity('/api/identity/sign-up/email', {
    email: input.email,
    password: input.password,
    name: input.name,
    callbackURL: input.returnTo,
  });
  if (!response) return { kind: 'error', message: UNREACHABLE };
  if (!response.ok) return { kind: 'error', message: await errorMessage(response) };
  if (await serverSendsEmail()) return { kind: 'check-email' };
  const signedIn = await postIdentity('/api/identity/sign-in/email', {
    email: input.email,
    password: input.password,
  });
  if (!signedIn) return { kind: 'error', message: UNREACHABLE };
  if (signedIn.ok) return { kind: 'signed-in' };
  if (signedIn.status === 429) return { kind: 'error', message: TOO_MANY };
  return { kind: 'error', message: ADDRESS_TAKEN };
}

/** Calls the account service for the form. */
export async function submitSignIn(input: SignInInput): Promise<SignInOutcome> {
  return input.mode === 'sign-in' ? signIn(input.email, input.password) : signUp(input);
}
