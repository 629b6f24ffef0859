/** The command an operator runs to give an account a new password when the server sends no email. */
export const RESET_PASSWORD_COMMAND = 'npm run reset-password -- EMAIL';

/** Said up front on "Forgot password?", and by the API, when the server has no SMTP. */
export const RESET_NEEDS_OPERATOR = `This server cannot send email, so it cannot send you a reset link. Ask the operator, who can set a new password with \`${RESET_PASSWORD_COMMAND}\`.`;
