/** The contact form's schema: the page validates with it and the server re-validates with it. */
import { z } from 'zod';
import { MESSAGES } from './messages.js';

export const CONTACT_LIMITS = {
  nameMax: 100,
  emailMax: 254,
  subjectMax: 150,
  messageMax: 5000,
} as const;

export const contactMessageSchema = z.object({
  name: z
    .string()
    .trim()
    .min(2, MESSAGES.contactName)
    .max(CONTACT_LIMITS.nameMax, `Name must be at most ${CONTACT_LIMITS.nameMax} characters.`),
  email: z
    .string()
    .trim()
    .max(CONTACT_LIMITS.emailMax, MESSAGES.contactEmail)
    .pipe(z.email(MESSAGES.contactEmail)),
  subject: z
    .string()
    .trim()
    .min(5, MESSAGES.contactSubject)
    .max(CONTACT_LIMITS.subjectMax, `Subject must be at most ${CONTACT_LIMITS.subjectMax} characters.`),
  message: z
    .string()
    .trim()
    .min(10, MESSAGES.contactMessage)
    .max(
      CONTACT_LIMITS.messageMax,
      `Message must be at most ${CONTACT_LIMITS.messageMax} characters.`,
    ),
});

/** The JSON body of `POST /api/contact`. */
export type ContactMessage = z.infer<typeof contactMessageSchema>;
