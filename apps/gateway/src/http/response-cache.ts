/**
 * Answers that are not static files are pure functions of the dataset version and the request
 * URL, so the gateway keeps the prepared bytes of recent ones (architecture §1: per-dataset-
 * version response cache). Bounded by entries and bytes; the least recently used goes first.
 * The gateway learns each service's dataset version from its answers: a cached answer is
 * served only under the version the service last answered with, so a new dataset takes over
 * with the first answer that carries it.
 */
import { Inject, Injectable, Optional } from '@nestjs/common';
import { Doorkeeper, listEnvelope, prepareListJson, relinkPage, type FileAnswer } from '@mc/contracts';
import { cacheLookups } from '@mc/contracts/service';
import { GATEWAY_OPTIONS, type GatewayOptions } from '../gateway-options.js';
import { ReadyAnswers } from './ready-answers.js';

export const RESPONSE_CACHE_ENTRIES = 5_000;
export const RESPONSE_CACHE_BYTES = 64 * 2 ** 20;

export type ServiceName = 'catalog' | 'search' | 'geo';

@Injectable()
export class ResponseCache {
  private readonly entries = new Map<string, FileAnswer>();
  private readonly latest = new Map<ServiceName, string>();
  private bytes = 0;
  private readonly lookups = cacheLookups();
  private readonly keepFiles: boolean;
  /** An answer is kept the second time it is computed: one asked once is not worth a place. */
  private readonly doorkeeper = new Doorkeeper();

  constructor(
    @Optional() @Inject(GATEWAY_OPTIONS) options?: GatewayOptions,
    @Optional() private readonly ready?: ReadyAnswers,
  ) {
    this.keepFiles = options?.cacheFiles === true;
  }

  /** The dataset version a service answers from now, as its status says (VersionWatch). */
  observe(service: ServiceName, datasetVersion: string | null): void {
    if (datasetVersion) this.follow(service, datasetVersion);
  }

  /** A service now answers from another version: the answers ready to write are of the old one. */
  private follow(service: ServiceName, datasetVersion: string): void {
    const previous = this.latest.get(service);
    if (previous === datasetVersion) return;
    this.latest.set(service, datasetVersion);
    if (previous !== undefined) this.ready?.clear();
  }

  /** `key` is the request URL, or another name for an answer that many URLs share. */
  get(datasetVersion: string, key: string): FileAnswer | undefined {
    key = `${datasetVersion} ${key}`;
    const hit = this.entries.get(key);
    if (hit) {
      // Refresh its place: the least recently used entry is evicted first.
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  /**
   * The answer kept under `key` for the version `service` last answered with, or `compute()`'s.
   * Static and alias answers are kept only with `cacheFiles` (cluster mode): otherwise they
   * are files the service already holds in this process.
   */
  async through(service: ServiceName, key: string, compute: () => Promise<FileAnswer>): Promise<FileAnswer> {
    const version = this.latest.get(service);
    const cached = version === undefined ? undefined : this.get(version, key);
    this.lookups.inc({ cache: 'gateway-responses', result: cached ? 'hit' : 'miss' });
    if (cached) return cached;
    const answer = await compute();
    this.follow(service, answer.datasetVersion);
    if ((answer.tier === 'computed' || this.keepFiles) && this.doorkeeper.admit(key)) this.set(answer.datasetVersion, key, answer);
    return answer;
  }

  /**
   * A page of a list under `url`, whose rows and counts `content` names (the request without
   * its URL). A page another URL had for the same content is answered from it without asking
   * the service: a file page as it is (its links name files), a computed page with its links
   * spelled again from `url` (relinkPage). The content is kept on its second sight.
   */
  throughPage(service: ServiceName, url: string, content: string, page: number, compute: () => Promise<FileAnswer>): Promise<FileAnswer> {
    const contentKey = `content ${content}`;
    return this.through(service, url, async () => {
      const version = this.latest.get(service);
      const known = version === undefined ? undefined : this.get(version, contentKey);
      if (known) return known.tier === 'computed' ? { ...known, file: relinkPage(known.file, url, page) } : known;
      const answer = await compute();
      const urlFree = answer.tier !== 'computed' || answer.file.sharedHead !== undefined;
      if (urlFree && this.doorkeeper.admit(contentKey)) this.set(answer.datasetVersion, contentKey, answer);
      return answer;
    });
  }

  /**
   * A list made afresh by a service (search hits, communes near a point) under `url`, whose
   * items `content` names: one question to the service however many URLs ask for them.
   */
  throughList(service: ServiceName, url: string, content: string, ask: () => Promise<{ datasetVersion: string; hits: object[] }>): Promise<FileAnswer> {
    return this.throughPage(service, url, content, 1, async () => {
      const { datasetVersion, hits } = await ask();
      return { datasetVersion, tier: 'computed', file: prepareListJson(url, listEnvelope(hits, datasetVersion, url)) };
    });
  }

  set(datasetVersion: string, key: string, answer: FileAnswer): void {
    key = `${datasetVersion} ${key}`;
    if (answer.file.body.length > RESPONSE_CACHE_BYTES / 16 || this.entries.has(key)) return;
    this.entries.set(key, answer);
    this.bytes += answer.file.body.length;
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size <= RESPONSE_CACHE_ENTRIES && this.bytes <= RESPONSE_CACHE_BYTES) break;
      this.entries.delete(oldest);
      this.bytes -= entry.file.body.length;
    }
  }
}
