/**
 * Admission on second sight: a key is let into a cache the second time it is asked for, not
 * the first. URLs asked once (a cache-busting parameter, a crawler's scan) then cost one set
 * look-up instead of a kept answer that pushes out the ones asked again. The keys seen once
 * are forgotten all together when there are `capacity` of them.
 */
export class Doorkeeper {
  private readonly seenOnce = new Set<string>();

  constructor(readonly capacity = 50_000) {}

  /** True when `key` was seen before (and is let in), false the first time. */
  admit(key: string): boolean {
    if (this.seenOnce.delete(key)) return true;
    if (this.seenOnce.size >= this.capacity) this.seenOnce.clear();
    this.seenOnce.add(key);
    return false;
  }

  clear(): void {
    this.seenOnce.clear();
  }
}
