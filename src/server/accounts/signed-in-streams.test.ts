import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { SignedInStreams, type StreamCredential } from './signed-in-streams.js';

const silent = pino({ level: 'silent' });
const session = (cookie: string) => ({ id: 'user-1', via: 'session' as const, cookie });

describe('SignedInStreams', () => {
  it("ends only the streams whose session is no longer valid when the user's sessions change", async () => {
    const valid = new Set(['a=1', 'b=2']);
    const streams = new SignedInStreams(
      async (_userId, credential: StreamCredential) =>
        credential.kind === 'session' && valid.has(credential.cookieHeader),
      silent,
    );
    const ended: string[] = [];
    for (const user of [session('a=1'), session('b=2')])
      streams.hold(user, user.cookie, () => ended.push(user.cookie));
    await streams.recheck('user-1');
    expect(ended).toEqual([]);

    valid.delete('a=1');
    await streams.recheck('user-1');
    expect(ended).toEqual(['a=1']);
    expect(streams.openStreams).toBe(1);
    await streams.recheck('user-1');
    expect(ended).toEqual(['a=1']);
  });

  it('checks a stream when it is held, and forgets a released one', async () => {
    let checks = 0;
    const streams = new SignedInStreams(async () => {
      checks += 1;
      return false;
    }, silent);
    const ended: string[] = [];
    const release = streams.hold(session('a=1'), 'a=1', () => ended.push('held'));
    await streams.recheck(undefined);
    expect(ended).toEqual(['held']);

    const other = streams.hold(session('b=2'), 'b=2', () => ended.push('released'));
    other();
    await streams.recheck(undefined);
    expect(ended).toEqual(['held']);
    expect(streams.openStreams).toBe(0);
    expect(checks).toBeGreaterThanOrEqual(2);
    release();
  });

  it('checks an API key stream by its key', async () => {
    const seen: StreamCredential[] = [];
    const streams = new SignedInStreams(async (_userId, credential) => {
      seen.push(credential);
      return true;
    }, silent);
    streams.hold({ id: 'user-1', via: 'key', keyId: 'key-9' }, 'ignored=1', () => undefined);
    await streams.recheck('user-1');
    expect(seen.at(-1)).toEqual({ kind: 'key', keyId: 'key-9' });
  });
});
