import { PRODUCT_NAME } from '../../core/product.js';
import type { Mailer } from '../mail/mailer.js';

export interface ContactMessage {
  name: string;
  email: string;
  subject: string;
  message: string;
}

/** Sends a contact message to the operator's inbox; replying answers the sender directly. */
export async function forwardContactMessage(
  mailer: Mailer,
  inbox: string,
  contact: ContactMessage,
): Promise<void> {
  await mailer.send({
    to: inbox,
    replyTo: { name: contact.name, address: contact.email },
    subject: `[${PRODUCT_NAME} contact] ${contact.subject}`,
    text: [`From: ${contact.name} <${contact.email}>`, '', contact.message].join('\n'),
  });
}
