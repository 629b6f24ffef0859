import { z } from 'zod';
import { languageValueSchema } from './language-fields.js';

/** What the account routes take and answer with: zod validates, serializes and documents it. */

export const authStatusSchema = z
  .object({ isAuthenticated: z.boolean() })
  .meta({ id: 'AuthStatus' });
export type AuthStatus = z.infer<typeof authStatusSchema>;

export const currentUserSchema = z
  .object({
    id: z.string(),
    username: z.string(),
    email: z.string(),
    profileImageUrl: z.string().nullable(),
    isPaid: z.boolean(),
    isAdmin: z.boolean().describe('The account is in ADMIN_EMAILS: the web app offers /admin.'),
  })
  .meta({ id: 'CurrentUser' });
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** GET/PUT /api/account/email-preferences. */
export const emailPreferencesSchema = z
  .object({
    emailAvailable: z
      .boolean()
      .describe('False when the server has no SMTP: nothing is emailed whatever the choice.'),
    transcriptReady: z
      .boolean()
      .describe('Email me when a transcript of audio over 5 minutes is ready.'),
  })
  .meta({ id: 'EmailPreferences' });
export type EmailPreferences = z.infer<typeof emailPreferencesSchema>;

const SEND_TRANSCRIPT_READY = { error: 'Send { "transcriptReady": true } or false.' };

export const emailPreferencesBody = z.object(
  { transcriptReady: z.boolean(SEND_TRANSCRIPT_READY) },
  SEND_TRANSCRIPT_READY,
);

const CONFIRM_DELETION = { error: 'Confirm the deletion with { "confirm": true }' };

export const accountDeletionBody = z.object(
  {
    confirm: z.literal(true, CONFIRM_DELETION).describe('Deletion is for good: say so.'),
    password: z
      .string({ error: 'Enter your password.' })
      .max(128)
      .optional()
      .describe(
        'Required when the account has a password. An account that signs in only with single sign-on instead needs a session begun in the last 10 minutes.',
      ),
  },
  CONFIRM_DELETION,
);

/** POST /api/account/email: a new address, proven by the current password. */
export const changeEmailBody = z.object({
  newEmail: z.email({ error: 'Please enter a valid email address.' }).max(254),
  currentPassword: z
    .string({ error: 'Enter your current password.' })
    .min(1, 'Enter your current password.')
    .max(128),
});
export type ChangeEmailBody = z.infer<typeof changeEmailBody>;

export const changeEmailAnswerSchema = z
  .object({
    outcome: z
      .enum(['changed', 'confirmation-sent'])
      .describe(
        '`changed` at once on a server without email; otherwise a link went to the new address and the change waits for it.',
      ),
    email: z.string().describe('The address the account uses now.'),
  })
  .meta({ id: 'ChangeEmailAnswer' });
export type ChangeEmailAnswer = z.infer<typeof changeEmailAnswerSchema>;
export const defaultLanguageSchema = z
  .object({
    language: z
      .string()
      .describe(
        '`auto` (detect the language) or an ISO 639-1 code: what uploads use unless they say.',
      ),
  })
  .meta({ id: 'DefaultLanguage' });
export type DefaultLanguage = z.infer<typeof defaultLanguageSchema>;

export const defaultLanguageBody = z.object(
  { language: languageValueSchema },
  { error: 'Send { "language": "auto" } or an ISO 639-1 code such as "de".' },
);
