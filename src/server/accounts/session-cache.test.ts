import { describe, expect, it } from 'vitest';
import { SessionCache } from './session-cache.js';

const alice = { id: 'alice', name: 'Alice', email: 'alice@example.com', image: null };
const bob = { id: 'bob', name: 'Bob', email: 'bob@example.com', image: null };
const FAR_FUTURE = new Date('2100-01-01T00:00:00Z');

function liveCache(broadcasts: string[] = []) {
  const cache = new SessionCache({
    maxAgeMs: 60_000,
    maxEntries: 3,
    broadcast: async (userId) => {
      broadcasts.push(userId);
    },
  });
  cache.setLive(true);
  return cache;
}

describe('the in-memory session cache', () => {
  it('answers a verified session until its short max age passes', () => {
    const cache = liveCache();
    cache.remember('token-a', alice, FAR_FUTURE, cache.generation(), 1_000);
    expect(cache.get('token-a', 60_999)).toEqual(alice);
    expect(cache.get('token-a', 61_000)).toBeUndefined();
  });

  it('never answers past the session’s own expiry', () => {
    const cache = liveCache();
    cache.remember('token-a', alice, new Date(5_000), cache.generation(), 1_000);
    expect(cache.get('token-a', 4_999)).toEqual(alice);
    expect(cache.get('token-a', 5_000)).toBeUndefined();
  });

  it('revoking a user forgets all of their sessions, here and through the broadcast', async () => {
    const broadcasts: string[] = [];
    const cache = liveCache(broadcasts);
    cache.remember('alice-laptop', alice, FAR_FUTURE, cache.generation());
    cache.remember('alice-phone', alice, FAR_FUTURE, cache.generation());
    cache.remember('bob-laptop', bob, FAR_FUTURE, cache.generation());
    await cache.revokeUser('alice');
    expect(cache.get('alice-laptop')).toBeUndefined();
    expect(cache.get('alice-phone')).toBeUndefined();
    expect(cache.get('bob-laptop')).toEqual(bob);
    expect(broadcasts).toEqual(['alice']);
  });

  it('does not remember a lookup that overlapped a revocation (it may have read the old row)', () => {
    const cache = liveCache();
    const before = cache.generation();
    cache.forgetUser('alice');
    cache.remember('token-a', alice, FAR_FUTURE, before);
    expect(cache.get('token-a')).toBeUndefined();
  });

  it('serves nothing while it cannot hear revocations, and forgets what it had', () => {
    const cache = liveCache();
    cache.remember('token-a', alice, FAR_FUTURE, cache.generation());
    cache.setLive(false);
    expect(cache.get('token-a')).toBeUndefined();
    cache.remember('token-b', bob, FAR_FUTURE, cache.generation());
    cache.setLive(true);
    expect(cache.get('token-a')).toBeUndefined();
    expect(cache.get('token-b')).toBeUndefined();
  });

  it('keeps at most maxEntries sessions, dropping the oldest', () => {
    const cache = liveCache();
    for (const token of ['t1', 't2', 't3', 't4']) {
      cache.remember(token, alice, FAR_FUTURE, cache.generation());
    }
    expect(cache.get('t1')).toBeUndefined();
    expect(cache.get('t4')).toEqual(alice);
  });

  it('never holds more bytes than its cap, whatever names users choose', () => {
    const maxBytes = 100_000;
    const cache = new SessionCache({
      maxAgeMs: 60_000,
      maxEntries: 1_000,
      maxBytes,
      broadcast: async () => undefined,
    });
    cache.setLive(true);
    const longName = { ...alice, name: 'A'.repeat(20_000) };
    for (let index = 0; index < 50; index += 1) {
      cache.remember(`token-${index}`, longName, FAR_FUTURE, cache.generation());
      expect(cache.bytes).toBeLessThanOrEqual(maxBytes);
    }
    expect(cache.get('token-49')).toEqual(longName);
    expect(cache.get('token-0')).toBeUndefined();
    cache.close();
  });

  it('sweeps away expired sessions nobody presented again', () => {
    const cache = liveCache();
    cache.remember('token-a', alice, FAR_FUTURE, cache.generation(), 0);
    cache.remember('token-b', bob, FAR_FUTURE, cache.generation(), 30_000);
    cache.sweep(60_000);
    expect(cache.size).toBe(1);
    cache.sweep(90_000);
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
    cache.close();
  });
});
