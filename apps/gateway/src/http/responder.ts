/**
 * Writes every response: validators and 304, compression with a cache of compressed bodies
 * (static bytes never change within a dataset version), tier and cache headers.
 */
import { Injectable } from '@nestjs/common';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip as gzipCompress } from 'node:zlib';
import type { StaticFile } from '@mc/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { etagFor, matchesIfNoneMatch, negotiateEncoding, type Coding } from './encoding.js';

export type Tier = 'alias' | 'computed';

export interface SendOptions {
  tier?: Tier;
  contentLocation?: string;
  status?: number;
  cacheControl?: string | null;
}

/** Bodies smaller than this gain nothing from compression. */
const MIN_COMPRESS_BYTES = 1024;
export const DEFAULT_CACHE_CONTROL = 'public, max-age=300';

/** Compressed bodies by key, least recently used first out, bounded by their bytes. */
export class BytesCache {
  private readonly entries = new Map<string, Buffer>();
  private bytes = 0;

  constructor(readonly maxBytes: number) {}

  get(key: string): Buffer | undefined {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  set(key: string, value: Buffer): void {
    if (value.length > this.maxBytes / 8 || this.entries.has(key)) return;
    this.entries.set(key, value);
    this.bytes += value.length;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= entry.length;
    }
  }

  get size(): number {
    return this.bytes;
  }
}

const brotli = promisify(brotliCompress);
const gzip = promisify(gzipCompress);
/** Every file of a build, compressed both ways, is about 30 MB (dataset 1.10.0): it all fits. */
export const FILE_CODINGS_BYTES = 128 * 2 ** 20;
export const COMPUTED_CODINGS_BYTES = 32 * 2 ** 20;

@Injectable()
export class Responder {
  /** Files (static and alias answers) and computed answers apart: the second never evicts the first. */
  readonly fileCodings = new BytesCache(FILE_CODINGS_BYTES);
  readonly computedCodings = new BytesCache(COMPUTED_CODINGS_BYTES);
  private readonly inflight = new Map<string, Promise<Buffer>>();

  sendFile(request: FastifyRequest, reply: FastifyReply, file: StaticFile, options: SendOptions = {}): Promise<FastifyReply> {
    return this.send(request, reply, file.body, file.etag, file.contentType, options);
  }

  private async send(
    request: FastifyRequest,
    reply: FastifyReply,
    body: Buffer,
    identityEtag: string,
    contentType: string,
    options: SendOptions,
  ): Promise<FastifyReply> {
    const coding: Coding = body.length >= MIN_COMPRESS_BYTES ? negotiateEncoding(request.headers['accept-encoding']) : 'identity';
    const etag = etagFor(identityEtag, coding);
    if (options.tier) reply.header('X-Api-Tier', options.tier);
    if (options.contentLocation) reply.header('Content-Location', options.contentLocation);
    if (options.cacheControl !== null) reply.header('Cache-Control', options.cacheControl ?? DEFAULT_CACHE_CONTROL);
    reply.header('ETag', etag).header('Vary', 'Accept-Encoding');
    if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send();
    const payload = coding === 'identity' ? body : await this.compressed(body, identityEtag, coding, options.tier === 'computed' ? 'fast' : 'small');
    reply.code(options.status ?? 200).header('Content-Type', contentType);
    if (coding !== 'identity') reply.header('Content-Encoding', coding);
    return reply.send(payload);
  }

  /**
   * Files are compressed hard once and served many times; computed answers, often asked once,
   * are compressed fast (brotli 4 is about as small as gzip 9, several times quicker). Either
   * way the work runs on libuv's thread pool, never on the event loop, and one body is
   * compressed once however many requests ask for it at the same moment.
   */
  private compressed(body: Buffer, identityEtag: string, coding: Exclude<Coding, 'identity'>, effort: 'small' | 'fast'): Promise<Buffer> {
    const cache = effort === 'small' ? this.fileCodings : this.computedCodings;
    const key = `${coding}:${identityEtag}`;
    const cached = cache.get(key);
    if (cached) return Promise.resolve(cached);
    let pending = this.inflight.get(key);
    if (!pending) {
      const work =
        coding === 'br'
          ? brotli(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: effort === 'small' ? 9 : 4, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } })
          : gzip(body, { level: effort === 'small' ? 9 : 6 });
      pending = work.then(
        (result) => (this.inflight.delete(key), cache.set(key, result), result),
        (error: unknown) => {
          this.inflight.delete(key);
          throw error;
        },
      );
      this.inflight.set(key, pending);
    }
    return pending;
  }
}
