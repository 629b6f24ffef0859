import { describe, expect, it } from 'vitest';
import { PaidStateCache } from './paid-state-cache.js';

function liveCache(broadcasts: string[] = []) {
  const cache = new PaidStateCache({
    maxAgeMs: 60_000,
    maxEntries: 2,
    broadcast: async (userId) => {
      broadcasts.push(userId);
    },
  });
  cache.setLive(true);
  return cache;
}

describe('the in-memory paid-state cache', () => {
  it('answers a plan until its short max age passes', () => {
    const cache = liveCache();
    cache.remember('alice', { isPaid: false, paidUntil: null }, cache.generation(), 1_000);
    expect(cache.get('alice', 60_999)).toBe(false);
    expect(cache.get('alice', 61_000)).toBeUndefined();
  });

  it('never answers Pro past the end of the paid period', () => {
    const cache = liveCache();
    cache.remember(
      'alice',
      { isPaid: true, paidUntil: new Date(5_000) },
      cache.generation(),
      1_000,
    );
    expect(cache.get('alice', 4_999)).toBe(true);
    expect(cache.get('alice', 5_000)).toBeUndefined();
  });

  it('a change forgets the user here and is broadcast to the other processes', async () => {
    const broadcasts: string[] = [];
    const cache = liveCache(broadcasts);
    cache.remember('alice', { isPaid: false, paidUntil: null }, cache.generation());
    cache.remember('bob', { isPaid: true, paidUntil: null }, cache.generation());
    await cache.changed('alice');
    expect(cache.get('alice')).toBeUndefined();
    expect(cache.get('bob')).toBe(true);
    expect(broadcasts).toEqual(['alice']);
  });

  it('a read that overlapped a change is not remembered', () => {
    const cache = liveCache();
    const generation = cache.generation();
    cache.forgetUser('alice');
    cache.remember('alice', { isPaid: false, paidUntil: null }, generation);
    expect(cache.get('alice')).toBeUndefined();
  });

  it('serves nothing while it cannot hear broadcasts, and forgets everything on going deaf', () => {
    const cache = liveCache();
    cache.remember('alice', { isPaid: true, paidUntil: null }, cache.generation());
    cache.setLive(false);
    expect(cache.get('alice')).toBeUndefined();
    cache.remember('alice', { isPaid: true, paidUntil: null }, cache.generation());
    cache.setLive(true);
    expect(cache.get('alice')).toBeUndefined();
  });

  it('keeps at most maxEntries users, dropping the oldest', () => {
    const cache = liveCache();
    for (const user of ['alice', 'bob', 'carol']) {
      cache.remember(user, { isPaid: false, paidUntil: null }, cache.generation());
    }
    expect(cache.get('alice')).toBeUndefined();
    expect(cache.get('carol')).toBe(false);
  });

  it('sweeps away expired plans nobody asked for again', () => {
    const cache = liveCache();
    cache.remember('alice', { isPaid: false, paidUntil: null }, cache.generation(), 0);
    cache.remember('bob', { isPaid: true, paidUntil: null }, cache.generation(), 30_000);
    cache.sweep(60_000);
    expect(cache.size).toBe(1);
    cache.sweep(90_000);
    expect(cache.size).toBe(0);
    cache.close();
  });
});
