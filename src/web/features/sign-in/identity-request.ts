/** What the sign-in forms say when the request never reached the server, or was rate limited. */
export const UNREACHABLE = 'Could not reach the server. Check your connection and try again.';
export const TOO_MANY = 'Too many attempts. Please wait a minute and try again.';

/** A JSON POST to the identity routes with the session cookie; null when the network failed. */
export async function postIdentity(path: string, body: object): Promise<Response | null> {
  try {
    return await fetch(path, {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    return null;
  }
}
