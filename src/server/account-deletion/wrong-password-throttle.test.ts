import { describe, expect, it } from 'vitest';
import { AppError } from '../errors/app-error.js';
import {
  MAX_WRONG_PASSWORDS,
  WRONG_PASSWORD_WINDOW_MS,
  WrongPasswordThrottle,
} from './wrong-password-throttle.js';

describe('the wrong-password throttle of account deletion', () => {
  it('lets tries through again once the oldest wrong one is 15 minutes old', () => {
    let now = 0;
    const throttle = new WrongPasswordThrottle(() => now);
    for (let wrong = 0; wrong < MAX_WRONG_PASSWORDS; wrong += 1) {
      throttle.check('user');
      throttle.failed('user');
      now += 60_000;
    }
    expect(() => throttle.check('user')).toThrow(AppError);
    // The first wrong try was at 0: it leaves the window just after 15 minutes.
    now = WRONG_PASSWORD_WINDOW_MS - 1;
    expect(() => throttle.check('user')).toThrow('Try again in 1 minute;');
    now = WRONG_PASSWORD_WINDOW_MS + 1;
    expect(() => throttle.check('user')).not.toThrow();
    expect(() => throttle.check('someone else')).not.toThrow();
  });
});
