/**
 * A read kept for a moment, per database: what every document of a burst reads the same way (the
 * issuing company by RIF, the day's exchange rate) is loaded once per `ttlMs` instead of once per
 * document. Each statement saved is a round trip, and round trips are most of an API request's CPU.
 *
 * A write in this process calls `clear()` and is seen at once once committed (if it commits within `ttlMs`
 * of the call); a write in another process (SIGECE_WORKERS > 1, several hosts, the job runner refreshing
 * rates) is seen within `ttlMs`, like the principal cache.
 * Concurrent misses share one load; a failed load is not kept.
 */
export class ShortCache<V> {
  private byDb = new WeakMap<object, Map<string, { value: Promise<V>; until: number }>>();
  private generation = 0;
  private quietUntil = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 1_000,
  ) {}

  get(db: object, key: string, load: () => Promise<V>): Promise<V> {
    let entries = this.byDb.get(db);
    if (!entries) {
      entries = new Map();
      this.byDb.set(db, entries);
    }
    // Monotonic: tests move Date (vitest.clock.ts), and a clock set back must not stretch an entry's life.
    const now = performance.now();
    // Just cleared: a write may still be uncommitted, so what is read now is not kept.
    if (now < this.quietUntil) return load();
    const hit = entries.get(key);
    if (hit && hit.until > now) return hit.value;
    if (entries.size >= this.maxEntries) entries.clear();
    const generation = this.generation;
    const value = load();
    const entry = { value, until: now + this.ttlMs };
    entries.set(key, entry);
    value.then(
      () => {
        // Cleared while loading: the value may predate the write.
        if (generation !== this.generation && entries.get(key) === entry) entries.delete(key);
      },
      () => {
        if (entries.get(key) === entry) entries.delete(key);
      },
    );
    return value;
  }

  /**
   * Something this cache holds is being written: every database's entries are dropped, and for the next
   * `ttlMs` nothing read is kept, so a writer may call this before its commit (at the latest when it
   * starts) and the commit is seen at once by this process's later reads.
   */
  clear(): void {
    this.generation++;
    this.byDb = new WeakMap();
    this.quietUntil = performance.now() + this.ttlMs;
  }
}
