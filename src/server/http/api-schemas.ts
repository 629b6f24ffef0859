/** Who may call: the web app's session cookie, or also an API key. */
type Security = Array<Record<string, string[]>>;
export const SESSION_SECURITY: Security = [{ session: [] }];
export const SESSION_OR_KEY_SECURITY: Security = [{ session: [] }, { apiKey: [] }];
/** Anyone may call; a session changes nothing or only what the answer says. */
export const ANONYMOUS_SECURITY: Security = [];
export const OPTIONAL_SESSION_SECURITY: Security = [{}, { session: [] }];
