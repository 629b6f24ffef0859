import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { redactingSerializers, redactUrl } from './log-redaction.js';

function captureLogger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { log: pino({ serializers: redactingSerializers }, stream), lines };
}

describe('log redaction', () => {
  it('keeps the query text of a failing query but not its parameters', () => {
    const { log, lines } = captureLogger();
    const error = new Error('Failed to get session', {
      cause: new Error(
        'Failed query: insert into "contact_messages" values ($1, $2)\nparams: Ada Lovelace,ada@example.com',
      ),
    });
    log.warn({ err: error }, 'request failed');
    const line = lines.join('');
    expect(line).toContain('Failed query: insert into \\"contact_messages\\"');
    expect(line).not.toContain('ada@example.com');
    expect(line).not.toContain('Ada Lovelace');
  });

  it('hides secret query parameters of request URLs and keeps the rest', () => {
    expect(
      redactUrl(
        '/upgrade?payment_intent=pi_1&payment_intent_client_secret=pi_1_secret_abc&redirect_status=succeeded',
      ),
    ).toBe(
      '/upgrade?payment_intent=pi_1&payment_intent_client_secret=[redacted]&redirect_status=succeeded',
    );
    expect(redactUrl('/api/transcriptions?limit=20')).toBe('/api/transcriptions?limit=20');
  });

  it('hides share tokens and reset tokens in request paths', () => {
    expect(redactUrl('/s/Abc123_-x')).toBe('/s/[redacted]');
    expect(redactUrl('/api/shared/Abc123')).toBe('/api/shared/[redacted]');
    expect(redactUrl('/api/shared/Abc123/audio')).toBe('/api/shared/[redacted]/audio');
    expect(redactUrl('/api/identity/reset-password/tok3n?callbackURL=%2F')).toBe(
      '/api/identity/reset-password/[redacted]?callbackURL=%2F',
    );
    expect(redactUrl('/sign-in')).toBe('/sign-in');
    expect(redactUrl('/api/transcriptions/abc/share')).toBe('/api/transcriptions/abc/share');
  });
});
