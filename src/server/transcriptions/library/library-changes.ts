import type { UserChangeListener } from '../../db/user-change-channels.js';
import { LIBRARY_CHANGES_CHANNEL } from './library-read-cache.js';

/**
 * Tells open streams that a user's library changed, as the `library_changed` trigger says: also
 * when the user joins or leaves a team, or is removed from one (migration 0022), so a stream can
 * check again at once whether its reader still has access. After notifications could not reach
 * this process, every watcher is told, as changes may have been missed.
 */
export class LibraryChanges implements UserChangeListener {
  readonly channel = LIBRARY_CHANGES_CHANNEL;
  private readonly watchers = new Map<string, Set<() => void>>();

  /** Calls `listener` whenever the user's library changes; returns the unsubscribe. */
  watch(userId: string, listener: () => void): () => void {
    const set = this.watchers.get(userId) ?? new Set();
    set.add(listener);
    this.watchers.set(userId, set);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.watchers.delete(userId);
    };
  }

  forgetUser(userId: string): void {
    for (const listener of this.watchers.get(userId) ?? []) listener();
  }

  setLive(live: boolean): void {
    if (!live) return;
    for (const set of this.watchers.values()) for (const listener of set) listener();
  }
}
