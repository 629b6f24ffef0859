export type SignInMode = 'sign-in' | 'sign-up';

export interface SignInInput {
  mode: SignInMode;
  name: string;
  email: string;
  password: string;
}

/** Calls the account service; resolves to an error message for the form, or null on success. */
export async function submitSignIn(input: SignInInput): Promise<string | null> {
  const path =
    input.mode === 'sign-in' ? '/api/identity/sign-in/email' : '/api/identity/sign-up/email';
  const body =
    input.mode === 'sign-in'
      ? { email: input.email, password: input.password }
      : { email: input.email, password: input.password, name: input.name };
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    return 'Could not reach the server. Check your connection and try again.';
  }
  if (response.ok) return null;
  if (response.status === 429) return 'Too many attempts. Please wait a minute and try again.';
  const data = (await response.json().catch(() => ({}))) as { message?: string; code?: string };
  if (
    data.code === 'USER_ALREADY_EXISTS' ||
    data.code === 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL'
  ) {
    return 'An account with this email already exists. Sign in instead.';
  }
  return data.message ?? 'Something went wrong. Please try again.';
}
