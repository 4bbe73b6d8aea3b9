/**
 * Computed answers are pure functions of the dataset version and the request URL, so the
 * gateway keeps the prepared bytes of recent ones (architecture §1: per-dataset-version
 * response cache). Bounded by entries and bytes; the oldest entry goes first.
 */
import { Injectable } from '@nestjs/common';
import type { StaticFile } from '@mc/contracts';
import { prepareJson } from './responder.js';

export const RESPONSE_CACHE_ENTRIES = 5_000;
export const RESPONSE_CACHE_BYTES = 64 * 2 ** 20;

@Injectable()
export class ResponseCache {
  private readonly entries = new Map<string, StaticFile>();
  private bytes = 0;

  /** `key` is the request URL, or another name for an answer that many URLs share. */
  get(datasetVersion: string, key: string): StaticFile | undefined {
    key = `${datasetVersion} ${key}`;
    const hit = this.entries.get(key);
    if (hit) {
      // Refresh its place: the least recently used entry is evicted first.
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  /** The cached answer under `key`, or `build()`'s value prepared as `path` and kept. */
  async getOrPrepare(datasetVersion: string, key: string, path: string, build: () => Promise<unknown>): Promise<StaticFile> {
    const cached = this.get(datasetVersion, key);
    if (cached) return cached;
    const prepared = prepareJson(path, await build());
    this.set(datasetVersion, key, prepared);
    return prepared;
  }

  set(datasetVersion: string, key: string, prepared: StaticFile): void {
    key = `${datasetVersion} ${key}`;
    if (prepared.body.length > RESPONSE_CACHE_BYTES / 16 || this.entries.has(key)) return;
    this.entries.set(key, prepared);
    this.bytes += prepared.body.length;
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size <= RESPONSE_CACHE_ENTRIES && this.bytes <= RESPONSE_CACHE_BYTES) break;
      this.entries.delete(oldest);
      this.bytes -= entry.body.length;
    }
  }
}
