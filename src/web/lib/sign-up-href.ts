/**
 * Where a sign-up call to action goes: the sign-in page (/api/login, a full-page navigation) opened
 * on "Create account", coming back to `returnTo` afterwards (the dashboard by default).
 */
export function signUpHref(returnTo?: string): string {
  const query = new URLSearchParams({ mode: 'sign-up' });
  if (returnTo) query.set('returnTo', returnTo);
  return `/api/login?${query.toString()}`;
}
