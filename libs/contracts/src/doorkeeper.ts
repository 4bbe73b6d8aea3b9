/**
 * Admission on second sight: a key is let into a cache the second time it is asked for, not
 * the first. URLs asked once (a cache-busting parameter, a crawler's scan) then cost one set
 * look-up instead of a kept answer that pushes out the ones asked again. The keys seen once
 * are forgotten all together when there are `capacity` of them.
 *
 * A key is remembered by a 30-bit hash, not as the string: a number that fits a small integer
 * is stored in the set's own table, where each string (a URL of 100 bytes or more, seven
 * keys a request of new content) lived until the set was cleared, and so was promoted to the
 * old generation, whose growth set off a full collection every couple of thousand requests
 * (docs/performance.md). Two keys with one hash (about one chance in 20,000 with the set full)
 * only let the second in on its first sight: a cache admits one answer too early.
 */
export class Doorkeeper {
  private readonly seenOnce = new Set<number>();

  constructor(readonly capacity = 50_000) {}

  /** True when `key` was seen before (and is let in), false the first time. */
  admit(key: string): boolean {
    const hash = keyHash(key);
    if (this.seenOnce.delete(hash)) return true;
    if (this.seenOnce.size >= this.capacity) this.seenOnce.clear();
    this.seenOnce.add(hash);
    return false;
  }

  clear(): void {
    this.seenOnce.clear();
  }
}

/**
 * MurmurHash3's mixing, one UTF-16 code unit a round, and its finalizer, cut to 30 bits: V8
 * keeps the result as a small integer. FNV-1a, tried first, gave 20 colliding pairs among
 * 49,999 URLs that differ in a digit or two; this gives about the one a random hash would.
 */
export function keyHash(key: string): number {
  let hash = 0x9747b28c;
  for (let i = 0; i < key.length; i++) {
    let unit = Math.imul(key.charCodeAt(i), 0xcc9e2d51);
    unit = (unit << 15) | (unit >>> 17);
    hash ^= Math.imul(unit, 0x1b873593);
    hash = (hash << 13) | (hash >>> 19);
    hash = (Math.imul(hash, 5) + 0xe6546b64) | 0;
  }
  hash ^= key.length;
  hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35);
  return (hash ^ (hash >>> 16)) & 0x3fffffff;
}
