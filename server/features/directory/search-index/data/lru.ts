/**
 * A least-recently-used cache with a capacity in units of `weigh` (1 per entry unless told, or
 * e.g. bytes). The capacity is read at every write, so its owner may change it at any time
 * (0: nothing is kept). A Map keeps insertion order: the first key is the least recently used.
 */
export class Lru<K, V> {
  private readonly entries = new Map<K, V>();
  private weight = 0;

  /** `dropped`: told of every value let go (evicted, replaced, deleted, cleared), not of one refused. */
  constructor(
    private readonly capacity: () => number,
    private readonly weigh: (value: V) => number = () => 1,
    private readonly dropped: (value: V) => void = () => {},
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** The units held. */
  get total(): number {
    return this.weight;
  }

  /** The value, now the most recently used. */
  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  /** The value, its place unchanged. */
  peek(key: K): V | undefined {
    return this.entries.get(key);
  }

  /**
   * Keeps `value` as the most recently used, after dropping the least recently used entries it
   * needs room from. A value heavier than the whole capacity is not kept.
   */
  set(key: K, value: V): void {
    const previous = this.entries.get(key);
    if (previous !== undefined) {
      this.entries.delete(key);
      this.weight -= this.weigh(previous);
      if (previous !== value) this.dropped(previous);
    }
    const size = this.weigh(value);
    const capacity = this.capacity();
    while (this.weight + size > capacity && this.entries.size) {
      const [oldest, old] = this.entries.entries().next().value!;
      this.entries.delete(oldest);
      this.weight -= this.weigh(old);
      this.dropped(old);
    }
    if (size > capacity) return;
    this.entries.set(key, value);
    this.weight += size;
  }

  /** Drops one entry, if kept. */
  delete(key: K): void {
    const value = this.entries.get(key);
    if (value === undefined) return;
    this.entries.delete(key);
    this.weight -= this.weigh(value);
    this.dropped(value);
  }

  /** Every entry, least recently used first (their places unchanged). */
  items(): IterableIterator<[K, V]> {
    return this.entries.entries();
  }

  clear(): void {
    for (const value of this.entries.values()) this.dropped(value);
    this.entries.clear();
    this.weight = 0;
  }

  /** Drops every entry `keep` says no to; the others keep their places. */
  retain(keep: (key: K, value: V) => boolean): void {
    for (const [key, value] of this.entries) {
      if (keep(key, value)) continue;
      this.entries.delete(key);
      this.weight -= this.weigh(value);
      this.dropped(value);
    }
  }
}
