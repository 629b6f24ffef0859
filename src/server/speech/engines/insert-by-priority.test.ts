import { describe, expect, it } from 'vitest';
import { insertByPriority } from './insert-by-priority.js';

describe('insertByPriority', () => {
  it('serves higher priorities first and keeps arrival order within one priority', () => {
    const queue: Array<{ name: string; priority: number }> = [];
    for (const [name, priority] of [
      ['free 1', 0],
      ['free 2', 0],
      ['pro 1', 1],
      ['trial', 2],
      ['pro 2', 1],
      ['free 3', 0],
    ] as const)
      insertByPriority(queue, { name, priority });
    expect(queue.map((item) => item.name)).toEqual([
      'trial',
      'pro 1',
      'pro 2',
      'free 1',
      'free 2',
      'free 3',
    ]);
  });
});
