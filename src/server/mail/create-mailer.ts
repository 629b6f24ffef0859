import type { Config } from '../config.js';
import { createDisabledMailer } from './disabled-mailer.js';
import type { Mailer } from './mailer.js';
import { createSmtpMailer } from './smtp-mailer.js';

export function createMailer(mail: Config['mail'], log: (message: string) => void): Mailer {
  return mail ? createSmtpMailer(mail) : createDisabledMailer(log);
}
