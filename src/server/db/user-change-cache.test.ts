import { describe, expect, it } from 'vitest';
import { UserChangeCache, type UserChangeCacheOptions } from './user-change-cache.js';

function liveCache(options: Partial<UserChangeCacheOptions<string>> = {}) {
  const cache = new UserChangeCache<string>({ maxAgeMs: 60_000, ...options });
  cache.setLive(true);
  return cache;
}

describe('the cache of what this process read about its users', () => {
  it('answers an entry until its max age, and never past its own end', () => {
    const cache = liveCache();
    cache.remember('alice', 'a', 'aged', cache.generation(), { now: 1_000 });
    cache.remember('alice', 'b', 'ends', cache.generation(), { now: 1_000, expiresAt: 5_000 });
    expect(cache.get('a', 60_999)).toBe('aged');
    expect(cache.get('a', 61_000)).toBeUndefined();
    expect(cache.get('b', 4_999)).toBe('ends');
    expect(cache.get('b', 5_000)).toBeUndefined();
  });

  it("a change to a user forgets all of that user's entries and nobody else's", () => {
    const cache = liveCache();
    cache.remember('alice', 'alice-laptop', 'alice', cache.generation());
    cache.remember('alice', 'alice-phone', 'alice', cache.generation());
    cache.remember('bob', 'bob-laptop', 'bob', cache.generation());
    cache.forgetUser('alice');
    expect(cache.get('alice-laptop')).toBeUndefined();
    expect(cache.get('alice-phone')).toBeUndefined();
    expect(cache.get('bob-laptop')).toBe('bob');
  });

  it('does not remember a read that overlapped a change: it may hold the old value', () => {
    const cache = liveCache();
    const before = cache.generation();
    cache.forgetUser('bob'); // any user's change: the generation is the whole cache's
    cache.remember('alice', 'a', 'old', before);
    expect(cache.get('a')).toBeUndefined();
    cache.remember('alice', 'a', 'new', cache.generation());
    expect(cache.get('a')).toBe('new');
  });

  it('serves nothing while changes cannot reach it, and hearing again starts from nothing', () => {
    const cache = liveCache();
    cache.remember('alice', 'a', 'v1', cache.generation());
    cache.setLive(false);
    expect(cache.get('a')).toBeUndefined();
    cache.remember('alice', 'b', 'deaf', cache.generation());
    cache.setLive(true);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBeUndefined();
  });

  it('the listener forgets the user it is told about and switches the cache off and on', () => {
    const cache = liveCache();
    const listener = cache.listener('some_channel');
    expect(listener.channel).toBe('some_channel');
    cache.remember('alice', 'a', 'alice', cache.generation());
    cache.remember('bob', 'b', 'bob', cache.generation());
    listener.forgetUser('alice');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBe('bob');
    listener.setLive(false);
    expect(cache.get('b')).toBeUndefined();
  });

  it('keeps at most maxEntries entries, dropping the oldest', () => {
    const cache = liveCache({ maxEntries: 2 });
    for (const key of ['k1', 'k2', 'k3']) cache.remember(key, key, key, cache.generation());
    expect(cache.get('k1')).toBeUndefined();
    expect(cache.get('k2')).toBe('k2');
    expect(cache.get('k3')).toBe('k3');
  });

  it('keeps at most maxUsers users, dropping all entries of the one remembered first', () => {
    const cache = liveCache({ maxUsers: 2 });
    cache.remember('alice', 'alice-1', 'x', cache.generation());
    cache.remember('alice', 'alice-2', 'x', cache.generation());
    cache.remember('bob', 'bob-1', 'x', cache.generation());
    cache.remember('carol', 'carol-1', 'x', cache.generation());
    expect(cache.get('alice-1')).toBeUndefined();
    expect(cache.get('alice-2')).toBeUndefined();
    expect(cache.get('bob-1')).toBe('x');
    expect(cache.get('carol-1')).toBe('x');
  });

  it("keeps at most maxEntriesPerUser entries of a user, dropping that user's oldest", () => {
    const cache = liveCache({ maxEntriesPerUser: 2 });
    cache.remember('bob', 'bob-1', 'x', cache.generation());
    for (const key of ['a', 'b', 'c']) cache.remember('alice', key, key, cache.generation());
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBe('b');
    expect(cache.get('c')).toBe('c');
    expect(cache.get('bob-1')).toBe('x');
    // Remembering a key again replaces it: it makes no room by dropping another.
    cache.remember('alice', 'b', 'b again', cache.generation());
    expect(cache.get('b')).toBe('b again');
    expect(cache.get('c')).toBe('c');
  });
});
