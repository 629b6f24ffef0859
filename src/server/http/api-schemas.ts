import { z } from 'zod';

/** The `{ message }` every `/api` error answers with. */
export const apiErrorSchema = z.object({ message: z.string() }).meta({ id: 'ApiError' });

export const idParams = z.object({ id: z.string().min(1).max(200) });

export const okSchema = z.object({ ok: z.literal(true) });

/** Who may call: the web app's session cookie, or also an API key. */
type Security = Array<Record<string, string[]>>;
export const SESSION_SECURITY: Security = [{ session: [] }];
export const SESSION_OR_KEY_SECURITY: Security = [{ session: [] }, { apiKey: [] }];
/** Anyone may call; a session changes nothing or only what the answer says. */
export const ANONYMOUS_SECURITY: Security = [];
export const OPTIONAL_SESSION_SECURITY: Security = [{}, { session: [] }];
