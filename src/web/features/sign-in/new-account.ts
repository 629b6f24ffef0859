const NEW_ACCOUNT_KEY = 'sonoscript.new-account';

/** Marks this browser tab's session as the one that created the account. */
export function rememberNewAccount(): void {
  try {
    sessionStorage.setItem(NEW_ACCOUNT_KEY, '1');
  } catch {
    // Storage off (private mode): the greeting falls back to "Welcome back".
  }
}

/** True during the visit right after sign-up, so nobody is welcomed "back" on their first day. */
export function isNewAccountSession(): boolean {
  try {
    return sessionStorage.getItem(NEW_ACCOUNT_KEY) === '1';
  } catch {
    return false;
  }
}
