/** "an owner", "an admin", "an editor", "a viewer": a role as a sentence names it. */
export function roleWithArticle(role: string): string {
  return `${/^[aeiou]/.test(role) ? 'an' : 'a'} ${role}`;
}
