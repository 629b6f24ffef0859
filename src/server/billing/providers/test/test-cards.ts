/**
 * The test-mode card form answers like Stripe's test cards, with Stripe's own messages:
 * https://docs.stripe.com/testing. Any other valid number is refused as a live card would be.
 */
export interface TestCardInput {
  number: string;
  /** "MM / YY", "MM/YY" or "MMYY". */
  expiry: string;
  cvc: string;
}

export interface CardFailure {
  type: 'validation_error' | 'card_error';
  code: string;
  declineCode?: string;
  message: string;
}

export type CardOutcome = { ok: true; last4: string } | { ok: false; failure: CardFailure };

const SUCCEEDING_CARDS = new Set(['4242424242424242', '5555555555554444']);

const DECLINING_CARDS: Record<string, CardFailure> = {
  '4000000000000002': {
    type: 'card_error',
    code: 'card_declined',
    declineCode: 'generic_decline',
    message: 'Your card was declined.',
  },
  '4000000000009995': {
    type: 'card_error',
    code: 'card_declined',
    declineCode: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
};

const LIVE_CARD: CardFailure = {
  type: 'card_error',
  code: 'card_declined',
  declineCode: 'live_mode_test_card',
  message:
    'Your card was declined. Your request was in test mode, but used a non test (live) card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
};

const invalid = (code: string, message: string): CardOutcome => ({
  ok: false,
  failure: { type: 'validation_error', code, message },
});

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

function checkExpiry(expiry: string, now: Date): CardOutcome | null {
  const match = /^\s*(\d{2})\s*\/?\s*(\d{2})\s*$/.exec(expiry);
  if (!match) return invalid('incomplete_expiry', "Your card's expiration date is incomplete.");
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  if (month < 1 || month > 12)
    return invalid('invalid_expiry_month', "Your card's expiration date is invalid.");
  if (year < now.getUTCFullYear())
    return invalid('invalid_expiry_year_past', "Your card's expiration year is in the past.");
  if (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1) {
    return invalid('invalid_expiry_month_past', "Your card's expiration date is in the past.");
  }
  return null;
}

export function checkTestCard(card: TestCardInput, now: Date): CardOutcome {
  const digits = card.number.replace(/[\s-]/g, '');
  if (!/^\d*$/.test(digits)) return invalid('invalid_number', 'Your card number is invalid.');
  if (digits.length < 16) return invalid('incomplete_number', 'Your card number is incomplete.');
  if (digits.length > 19 || !passesLuhn(digits))
    return invalid('invalid_number', 'Your card number is invalid.');
  const expiryProblem = checkExpiry(card.expiry, now);
  if (expiryProblem) return expiryProblem;
  if (!/^\d{3,4}$/.test(card.cvc.trim()))
    return invalid('incomplete_cvc', "Your card's security code is incomplete.");
  if (SUCCEEDING_CARDS.has(digits)) return { ok: true, last4: digits.slice(-4) };
  return { ok: false, failure: DECLINING_CARDS[digits] ?? LIVE_CARD };
}
