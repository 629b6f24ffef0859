import { z } from 'zod';
import { forDocumentationOnly } from '../http/documentation-only.js';

/** The JSON the account routes answer with: the OpenAPI document and the serializer read these. */

export const authStatusSchema = z
  .object({ isAuthenticated: z.boolean() })
  .meta({ id: 'AuthStatus' });

export const currentUserSchema = z
  .object({
    id: z.string(),
    username: z.string(),
    email: z.string(),
    profileImageUrl: z.string().nullable(),
    isPaid: z.boolean(),
  })
  .meta({ id: 'CurrentUser' });

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

/** The handlers read these bodies themselves, with the messages users see; here they document. */
export const emailPreferencesBody = forDocumentationOnly(
  z.object({ transcriptReady: z.boolean() }),
);

export const accountDeletionBody = forDocumentationOnly(
  z.object({ confirm: z.literal(true).describe('Deletion is for good: say so.') }),
);
