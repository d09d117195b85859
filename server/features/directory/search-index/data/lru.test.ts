import { describe, expect, it } from 'vitest';
import { Lru } from './lru';

describe('Lru', () => {
  it('drops the least recently used entry; get refreshes it, peek does not', () => {
    const lru = new Lru<string, number>(() => 2);
    lru.set('a', 1);
    lru.set('b', 2);
    expect(lru.get('a')).toBe(1);
    lru.set('c', 3); // b is the oldest now
    expect([lru.peek('a'), lru.peek('b'), lru.peek('c')]).toEqual([1, undefined, 3]);
    expect(lru.peek('a')).toBe(1);
    lru.set('d', 4); // peek left a the oldest
    expect([lru.peek('a'), lru.peek('c'), lru.peek('d')]).toEqual([undefined, 3, 4]);
    lru.set('c', 30); // replaces, no eviction
    expect([lru.size, lru.peek('c'), lru.peek('d')]).toEqual([2, 30, 4]);
  });

  it('weighs entries (bytes): evicts until the new one fits, and keeps nothing heavier than the capacity', () => {
    let budget = 10;
    const lru = new Lru<string, Uint8Array>(
      () => budget,
      (v) => v.byteLength,
    );
    lru.set('a', new Uint8Array(4));
    lru.set('b', new Uint8Array(4));
    lru.set('c', new Uint8Array(4));
    expect([lru.peek('a'), lru.size, lru.total]).toEqual([undefined, 2, 8]);
    lru.set('b', new Uint8Array(1));
    expect(lru.total).toBe(5);
    lru.set('huge', new Uint8Array(11));
    expect([lru.peek('huge'), lru.total]).toEqual([undefined, 0]);
    budget = 0; // read at every write
    lru.set('x', new Uint8Array(1));
    expect(lru.size).toBe(0);
  });

  it('deletes one entry and its weight; a key not kept is no change', () => {
    const lru = new Lru<string, Uint8Array>(
      () => 10,
      (v) => v.byteLength,
    );
    lru.set('a', new Uint8Array(4));
    lru.set('b', new Uint8Array(3));
    lru.delete('a');
    lru.delete('zzz');
    expect([lru.peek('a'), lru.size, lru.total]).toEqual([undefined, 1, 3]);
  });

  it('tells of every value it lets go (evicted, replaced, deleted, cleared, not retained), not of one refused', () => {
    const dropped: number[] = [];
    let capacity = 2;
    const lru = new Lru<string, number>(
      () => capacity,
      () => 1,
      (v) => dropped.push(v),
    );
    lru.set('a', 1);
    lru.set('b', 2);
    lru.set('c', 3); // evicts a
    lru.set('b', 20); // replaces 2
    lru.set('b', 20); // the same value again: nothing let go
    lru.delete('c');
    lru.set('d', 4);
    lru.retain((key) => key === 'd'); // drops b
    lru.clear(); // drops d
    capacity = 0;
    lru.set('e', 5); // refused, never held
    expect(dropped).toEqual([1, 2, 3, 20, 4]);
  });

  it('keeps nothing at capacity 0, and clear empties it', () => {
    let capacity = 0;
    const lru = new Lru<string, number>(() => capacity);
    lru.set('a', 1);
    expect(lru.get('a')).toBeUndefined();
    capacity = 5;
    lru.set('a', 1);
    lru.clear();
    expect([lru.size, lru.total, lru.get('a')]).toEqual([0, 0, undefined]);
  });
});
