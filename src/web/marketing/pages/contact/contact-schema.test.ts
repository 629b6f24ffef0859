import { describe, expect, it } from 'vitest';
import { contactMessageSchema } from '../../../../core/contact';
import { MESSAGES } from '../../../../core/messages';

function messages(input: Record<string, string>) {
  const result = contactMessageSchema.safeParse(input);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path[0], i.message]));
}

describe('contact message schema', () => {
  it('gives the spec texts for every empty field', () => {
    expect(messages({ name: '', email: '', subject: '', message: '' })).toEqual({
      name: MESSAGES.contactName,
      email: MESSAGES.contactEmail,
      subject: MESSAGES.contactSubject,
      message: MESSAGES.contactMessage,
    });
  });

  it('counts characters after trimming', () => {
    expect(
      messages({ name: ' A ', email: 'a@b.co', subject: 'Hello', message: '0123456789' }),
    ).toEqual({
      name: MESSAGES.contactName,
    });
  });

  it('accepts a valid message and trims it', () => {
    const result = contactMessageSchema.parse({
      name: ' Ann ',
      email: ' ann@example.com ',
      subject: 'About Pro',
      message: 'How long can files be?',
    });
    expect(result).toEqual({
      name: 'Ann',
      email: 'ann@example.com',
      subject: 'About Pro',
      message: 'How long can files be?',
    });
  });

  it('rejects overlong input', () => {
    expect(
      messages({ name: 'Ann', email: 'a@b.co', subject: 'Hello', message: 'x'.repeat(5001) }),
    ).toHaveProperty('message');
  });
});
