import { z } from 'zod';
import { contactMessageSchema } from '../contact.js';

const { shape } = contactMessageSchema;

/**
 * `POST /api/contact`: the contact page's own fields (`core/contact.ts`, which the page checks
 * with), so the server refuses what the page does, in the same words.
 */
export const contactBody = z
  .object({
    ...shape,
    // The document shows the input side of the page's email pipe, a string: say what it holds.
    email: shape.email.clone().register(z.globalRegistry, { format: 'email' }),
  })
  .meta({ id: 'ContactMessage' });

/**
 * `POST /api/contact`'s answer: whether the message went on to the team's inbox by email, or is
 * only stored on this server (no SMTP, no CONTACT_INBOX, or the mail server refused it), so the
 * page never promises an email reply the server cannot start.
 */
export const contactAnswerSchema = z
  .object({ ok: z.literal(true), forwarded: z.boolean() })
  .meta({ id: 'ContactAnswer' });
export type ContactAnswer = z.infer<typeof contactAnswerSchema>;
