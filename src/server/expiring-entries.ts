/**
 * What one entry of an in-memory cache costs beyond its own strings: the Map slot, the entry
 * object and its numbers. An estimate; it keeps a cache of many tiny entries bounded too.
 */
export const ENTRY_OVERHEAD_BYTES = 200;

/** The bytes a string takes in memory at most (two a character). */
export function stringBytes(text: string): number {
  return text.length * 2;
}

/** The bytes a JSON-shaped value's strings take at most, plus one entry's overhead. */
export function jsonBytes(value: unknown): number {
  return stringBytes(JSON.stringify(value) ?? '') + ENTRY_OVERHEAD_BYTES;
}

interface Entry<V> {
  value: V;
  until: number;
  bytes: number;
}

export interface ExpiringEntriesOptions<K, V> {
  /** The entries together never take more than this; the oldest go first to make room. */
  maxBytes: number;
  /** Nor more entries than this. */
  maxEntries?: number;
  /** What one entry takes in memory, key included. */
  sizeOf: (key: K, value: V) => number;
  /** Told of every entry that leaves, however it leaves. */
  onRemove?: (key: K, value: V) => void;
}

/**
 * A Map whose entries expire and which never holds more than `maxBytes` (as `sizeOf` counts).
 * A Map keeps insertion order, so the first entries are the oldest. `sweep` drops the expired
 * ones that nobody asked for again; the caches call it on a timer (`sweepEvery`).
 */
export class ExpiringEntries<K, V> {
  private readonly entries = new Map<K, Entry<V>>();
  private totalBytes = 0;

  constructor(private readonly options: ExpiringEntriesOptions<K, V>) {}

  /** The bytes the entries take now, as `sizeOf` counts them. */
  get bytes(): number {
    return this.totalBytes;
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: K, now = Date.now()): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until <= now) {
      this.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** Keeps `value` until `until`; one larger than the whole cache is not kept at all. */
  set(key: K, value: V, until: number): void {
    this.delete(key);
    const bytes = this.options.sizeOf(key, value);
    if (bytes > this.options.maxBytes) return;
    const maxEntries = this.options.maxEntries ?? Infinity;
    while (this.totalBytes + bytes > this.options.maxBytes || this.entries.size >= maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.delete(oldest.value);
    }
    this.entries.set(key, { value, until, bytes });
    this.totalBytes += bytes;
  }

  delete(key: K): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.totalBytes -= entry.bytes;
    this.options.onRemove?.(key, entry.value);
  }

  /** Deletes every entry `matches` picks. */
  deleteWhere(matches: (key: K, value: V) => boolean): void {
    for (const [key, entry] of this.entries) if (matches(key, entry.value)) this.delete(key);
  }

  clear(): void {
    this.deleteWhere(() => true);
  }

  /** Drops every expired entry. */
  sweep(now = Date.now()): void {
    for (const [key, entry] of this.entries) if (entry.until <= now) this.delete(key);
  }
}

/** Calls `sweep` every `everyMs` without keeping the process alive; returns what stops it. */
export function sweepEvery(everyMs: number, sweep: () => void): () => void {
  const timer = setInterval(sweep, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
