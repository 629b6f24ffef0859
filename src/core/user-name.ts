/** A person's name on their account: 2 to this many characters, trimmed. */
export const USER_NAME_MAX_CHARACTERS = 100;

/** What is wrong with a name given at sign-up or in the account settings, if anything. */
export function userNameProblem(name: string): string | undefined {
  const length = Array.from(name.trim()).length;
  if (length < 2) return 'Name must be at least 2 characters.';
  if (length > USER_NAME_MAX_CHARACTERS)
    return `Name must be at most ${USER_NAME_MAX_CHARACTERS} characters.`;
  return undefined;
}
