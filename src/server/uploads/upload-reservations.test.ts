import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../core/messages.js';
import { MAX_UPLOAD_BYTES, MEGABYTE, PLANS } from '../../core/plans.js';
import { storageLimitMessage } from '../quota/quota-messages.js';
import {
  BODY_LONGER_THAN_DECLARED,
  tooManyUploadsMessage,
  UploadReservations,
} from './upload-reservations.js';

const free = PLANS.free;

describe('upload reservations', () => {
  it('holds declared sizes against what is left, so parallel uploads cannot pass the quota', () => {
    const uploads = new UploadReservations(10);
    const input = { userId: 'u1', plan: free, storedBytes: 90 * MEGABYTE };
    const first = uploads.reserve({ ...input, declaredBytes: 6 * MEGABYTE });
    expect(first.maxBytes).toBe(6 * MEGABYTE);
    // 4 MB left: a second 6 MB upload is refused before its body is read.
    expect(() => uploads.reserve({ ...input, declaredBytes: 6 * MEGABYTE })).toThrow(
      storageLimitMessage(free),
    );
    const second = uploads.reserve({ ...input, declaredBytes: 4 * MEGABYTE });
    expect(uploads.reservedBytes('u1')).toBe(10 * MEGABYTE);
    // Another user's room is their own.
    expect(uploads.reserve({ ...input, userId: 'u2', declaredBytes: MEGABYTE }).maxBytes).toBe(
      MEGABYTE,
    );
    first.release();
    first.release();
    expect(uploads.reservedBytes('u1')).toBe(4 * MEGABYTE);
    second.release();
    expect(uploads.reservedBytes('u1')).toBe(0);
  });

  it('lets the multipart framing pass what is left, but holds the file itself to it', () => {
    const uploads = new UploadReservations();
    const reservation = uploads.reserve({
      userId: 'u1',
      plan: free,
      storedBytes: free.limits.storageBytes - MEGABYTE,
      declaredBytes: MEGABYTE + 300,
    });
    expect(reservation.maxBytes).toBe(MEGABYTE);
    expect(reservation.exceeded().message).toBe(storageLimitMessage(free));
  });

  it('holds a body of unknown length to what is left, and at most to 100 MB', () => {
    const uploads = new UploadReservations();
    const left = uploads.reserve({
      userId: 'u1',
      plan: free,
      storedBytes: 98 * MEGABYTE,
      declaredBytes: undefined,
    });
    expect(left.maxBytes).toBe(2 * MEGABYTE);
    const pro = uploads.reserve({
      userId: 'u2',
      plan: PLANS.pro,
      storedBytes: 0,
      declaredBytes: undefined,
    });
    expect(pro.maxBytes).toBe(MAX_UPLOAD_BYTES);
    expect(pro.exceeded().message).toBe(MESSAGES.fileTooLarge);
    const declared = uploads.reserve({
      userId: 'u3',
      plan: PLANS.pro,
      storedBytes: 0,
      declaredBytes: 5000,
    });
    expect(declared.exceeded().message).toBe(BODY_LONGER_THAN_DECLARED);
  });

  it('refuses a user a fourth upload at once with 429, and takes one again after a release', () => {
    const uploads = new UploadReservations(3);
    const input = { userId: 'u1', plan: PLANS.pro, storedBytes: 0, declaredBytes: MEGABYTE };
    const held = [uploads.reserve(input), uploads.reserve(input), uploads.reserve(input)];
    let refusal: unknown;
    try {
      uploads.reserve(input);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toMatchObject({ statusCode: 429, message: tooManyUploadsMessage(3) });
    held[0]?.release();
    expect(uploads.reserve(input).maxBytes).toBe(MEGABYTE);
  });
});
