/** Whether `email` is one of ADMIN_EMAILS (stored lower case; addresses compare without case). */
export function isAdminEmail(adminEmails: readonly string[], email: string): boolean {
  return adminEmails.includes(email.trim().toLowerCase());
}
