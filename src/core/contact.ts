/** The contact form's schema: the page validates with it and the server re-validates with it. */
// zod/mini: the same schemas and parse API as zod, but tree-shakable, keeping the contact page small.
import * as z from 'zod/mini';
import { MESSAGES } from './messages.js';

export const CONTACT_LIMITS = {
  nameMax: 100,
  emailMax: 254,
  subjectMax: 150,
  messageMax: 5000,
} as const;

function text(min: number, minMessage: string, max: number, maxMessage: string) {
  return z.string().check(z.trim(), z.minLength(min, minMessage), z.maxLength(max, maxMessage));
}

export const contactMessageSchema = z.object({
  name: text(
    2,
    MESSAGES.contactName,
    CONTACT_LIMITS.nameMax,
    `Name must be at most ${CONTACT_LIMITS.nameMax} characters.`,
  ),
  email: z.pipe(
    z.string().check(z.trim(), z.maxLength(CONTACT_LIMITS.emailMax, MESSAGES.contactEmail)),
    z.email(MESSAGES.contactEmail),
  ),
  subject: text(
    5,
    MESSAGES.contactSubject,
    CONTACT_LIMITS.subjectMax,
    `Subject must be at most ${CONTACT_LIMITS.subjectMax} characters.`,
  ),
  message: text(
    10,
    MESSAGES.contactMessage,
    CONTACT_LIMITS.messageMax,
    `Message must be at most ${CONTACT_LIMITS.messageMax} characters.`,
  ),
});

/** The JSON body of `POST /api/contact`. */
export type ContactMessage = z.infer<typeof contactMessageSchema>;
