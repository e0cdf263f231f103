// The bounded map behind the per-credential and per-document memos: it never holds more than its
// bound, and forgets the least recently used entry first.
import { describe, expect, it } from 'vitest';
import { RecentlyUsed } from '../../src/upstream/recentlyUsed.ts';

describe('RecentlyUsed', () => {
  it('keeps at most its bound, forgetting the least recently used first', () => {
    const map = new RecentlyUsed<string, number>(3);
    map.set('a', 1);
    map.set('b', 2);
    map.set('c', 3);
    expect(map.get('a')).toBe(1); // a is now the most recently used
    map.set('d', 4);
    expect(map.size).toBe(3);
    expect(map.get('b')).toBeUndefined();
    expect([map.get('a'), map.get('c'), map.get('d')]).toEqual([1, 3, 4]);
  });

  it('setting a key again replaces its value without growing', () => {
    const map = new RecentlyUsed<string, number>(2);
    map.set('a', 1);
    map.set('a', 2);
    map.set('b', 3);
    expect(map.size).toBe(2);
    expect(map.get('a')).toBe(2);
  });
});
