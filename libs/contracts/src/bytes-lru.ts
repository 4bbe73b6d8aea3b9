/**
 * A cache bounded by the bytes of what it holds: the least recently used entry leaves first
 * (a Map keeps insertion order; a hit re-inserts), and no entry over an eighth of the bound is
 * kept, so that one value never takes the cache over.
 */
export class BytesLru<V> {
  private readonly entries = new Map<string, V>();
  private bytes = 0;

  constructor(
    readonly maxBytes: number,
    private readonly sizeOf: (value: V) => number,
  ) {}

  get(key: string): V | undefined {
    const hit = this.entries.get(key);
    if (hit !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  set(key: string, value: V): void {
    const size = this.sizeOf(value);
    if (size > this.maxBytes / 8) return;
    const before = this.entries.get(key);
    if (before !== undefined) {
      this.bytes -= this.sizeOf(before);
      this.entries.delete(key);
    }
    this.entries.set(key, value);
    this.bytes += size;
    for (const [oldestKey, oldest] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldestKey);
      this.bytes -= this.sizeOf(oldest);
    }
  }

  /** The bytes held. */
  get size(): number {
    return this.bytes;
  }
}

/**
 * A buffer to keep, as one that does not keep a larger one alive. zlib returns its output as a
 * slice of 16 KB chunks and Redis replies as slices of a whole pipeline's reply, so a kept
 * 500-byte answer could hold 16 KB or more, and a cache bounded at 32 MiB of answers held
 * hundreds. Copied into memory of its own when it is a small part of its store.
 */
export function ownMemory(buffer: Buffer): Buffer {
  if (buffer.buffer.byteLength <= buffer.length * 2) return buffer;
  const own = Buffer.allocUnsafeSlow(buffer.length);
  buffer.copy(own);
  return own;
}
