import { describe, expect, it, vi } from 'vitest';
import { LibraryReadCache } from './library-read-cache.js';

/** A load that counts its database trips and answers what the "database" holds now. */
function source(initial: string) {
  const state = { value: initial, trips: 0 };
  const load = async () => {
    state.trips += 1;
    return state.value;
  };
  return { state, load };
}

function liveCache(options: ConstructorParameters<typeof LibraryReadCache>[0] = {}) {
  const cache = new LibraryReadCache({ maxAgeMs: 60_000, ...options });
  cache.setLive(true);
  return cache;
}

describe("the cache of each user's list pages and usage", () => {
  it('answers a repeated read from memory until its max age passes', async () => {
    const cache = liveCache();
    const { state, load } = source('page one');
    expect(await cache.read('alice', 'list', load, 1_000)).toBe('page one');
    expect(await cache.read('alice', 'list', load, 60_999)).toBe('page one');
    expect(state.trips).toBe(1);
    state.value = 'page one, later';
    expect(await cache.read('alice', 'list', load, 61_000)).toBe('page one, later');
    expect(state.trips).toBe(2);
  });

  it("a change to one user forgets all of that user's reads and nobody else's", async () => {
    const cache = liveCache();
    const alice = source('alice v1');
    const bob = source('bob v1');
    await cache.read('alice', 'list', alice.load);
    await cache.read('alice', 'usage', alice.load);
    await cache.read('bob', 'list', bob.load);
    alice.state.value = 'alice v2';
    cache.forgetUser('alice');
    expect(await cache.read('alice', 'list', alice.load)).toBe('alice v2');
    expect(await cache.read('alice', 'usage', alice.load)).toBe('alice v2');
    expect(await cache.read('bob', 'list', bob.load)).toBe('bob v1');
    expect(bob.state.trips).toBe(1);
  });

  it('does not remember a read that a change overlapped: it may hold the old answer', async () => {
    const cache = liveCache();
    let release = (): void => undefined;
    const slowRead = cache.read(
      'alice',
      'list',
      () => new Promise<string>((resolve) => (release = () => resolve('before the change'))),
    );
    cache.forgetUser('alice'); // the change commits while the read is on its way
    release();
    expect(await slowRead).toBe('before the change');
    const { load } = source('after the change');
    expect(await cache.read('alice', 'list', load)).toBe('after the change');
  });

  it('serves nothing from memory while changes cannot reach this process', async () => {
    const cache = liveCache();
    const { state, load } = source('v1');
    await cache.read('alice', 'list', load);
    cache.setLive(false);
    state.value = 'v2';
    expect(await cache.read('alice', 'list', load)).toBe('v2');
    expect(await cache.read('alice', 'list', load)).toBe('v2');
    expect(state.trips).toBe(3);
    // Hearing again starts from nothing: what was missed meanwhile is not served.
    cache.setLive(true);
    state.value = 'v3';
    expect(await cache.read('alice', 'list', load)).toBe('v3');
  });

  it('keeps at most its number of reads per user, dropping the oldest', async () => {
    const cache = liveCache({ maxReadsPerUser: 2 });
    const { state, load } = source('x');
    for (const key of ['a', 'b', 'c']) await cache.read('carol', key, load);
    const trips = state.trips;
    await cache.read('carol', 'c', load);
    await cache.read('carol', 'b', load);
    expect(state.trips).toBe(trips);
    await cache.read('carol', 'a', load); // carol's oldest read made room
    expect(state.trips).toBe(trips + 1);
    cache.close();
  });

  it('never holds more bytes than its cap, however many users read large pages', async () => {
    const maxBytes = 200_000;
    const cache = liveCache({ maxBytes });
    const page = { items: Array.from({ length: 100 }, () => 'w'.repeat(300)), nextCursor: null };
    for (let user = 0; user < 50; user += 1) {
      for (let variant = 0; variant < 16; variant += 1) {
        await cache.read(`user-${user}`, `list ${variant}`, async () => page);
        expect(cache.bytes).toBeLessThanOrEqual(maxBytes);
      }
    }
    // Each page's JSON is over 30,000 characters (two bytes each): only the newest few fit.
    expect(cache.size).toBeGreaterThan(0);
    expect(cache.size).toBeLessThanOrEqual(Math.floor(maxBytes / 60_000));
    const { state, load } = source('newest');
    await cache.read('user-49', 'list 15', load);
    expect(state.trips).toBe(0);
    cache.close();
  });

  it('keeps no read larger than the whole cache', async () => {
    const cache = liveCache({ maxBytes: 1_000 });
    const { state, load } = source('x'.repeat(1_000));
    await cache.read('alice', 'list', load);
    await cache.read('alice', 'list', load);
    expect(state.trips).toBe(2);
    expect(cache.bytes).toBe(0);
    cache.close();
  });

  it('sweeps away expired reads nobody asked for again', async () => {
    const cache = liveCache({ maxAgeMs: 1_000 });
    const { load } = source('page');
    await cache.read('alice', 'list', load, 0);
    await cache.read('bob', 'list', load, 500);
    cache.sweep(1_000);
    expect(cache.size).toBe(1);
    cache.sweep(1_500);
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
    cache.close();
  });

  it('sweeps on its own timer', async () => {
    const cache = liveCache({ maxAgeMs: 5, sweepEveryMs: 5 });
    await cache.read('alice', 'list', source('page').load);
    expect(cache.size).toBe(1);
    await vi.waitFor(() => expect(cache.size).toBe(0), { timeout: 5_000, interval: 5 });
    cache.close();
  });
});
