/**
 * Writes every response: validators and 304, compression with a cache of compressed bodies
 * (static bytes never change within a dataset version), tier and cache headers.
 */
import { Injectable } from '@nestjs/common';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
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
const COMPRESSED_CACHE_ENTRIES = 4096;
export const DEFAULT_CACHE_CONTROL = 'public, max-age=300';

@Injectable()
export class Responder {
  private readonly compressed = new Map<string, Buffer>();

  sendFile(request: FastifyRequest, reply: FastifyReply, file: StaticFile, options: SendOptions = {}): FastifyReply {
    return this.send(request, reply, file.body, file.etag, file.contentType, options);
  }

  private send(
    request: FastifyRequest,
    reply: FastifyReply,
    body: Buffer,
    identityEtag: string,
    contentType: string,
    options: SendOptions,
  ): FastifyReply {
    const coding: Coding = body.length >= MIN_COMPRESS_BYTES ? negotiateEncoding(request.headers['accept-encoding']) : 'identity';
    const etag = etagFor(identityEtag, coding);
    if (options.tier) reply.header('X-Api-Tier', options.tier);
    if (options.contentLocation) reply.header('Content-Location', options.contentLocation);
    if (options.cacheControl !== null) reply.header('Cache-Control', options.cacheControl ?? DEFAULT_CACHE_CONTROL);
    reply.header('ETag', etag).header('Vary', 'Accept-Encoding');
    if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send();
    reply.code(options.status ?? 200).header('Content-Type', contentType);
    if (coding !== 'identity') reply.header('Content-Encoding', coding);
    return reply.send(coding === 'identity' ? body : this.compress(body, identityEtag, coding, options.tier === 'computed' ? 'fast' : 'small'));
  }

  /**
   * Files are compressed hard once and served many times; computed answers, often asked once,
   * are compressed fast (brotli 4 is about as small as gzip 9, several times quicker).
   */
  private compress(body: Buffer, identityEtag: string, coding: Exclude<Coding, 'identity'>, effort: 'small' | 'fast'): Buffer {
    const key = `${coding}:${identityEtag}`;
    const cached = this.compressed.get(key);
    if (cached) return cached;
    const result =
      coding === 'br'
        ? brotliCompressSync(body, {
            params: { [zlib.BROTLI_PARAM_QUALITY]: effort === 'small' ? 9 : 4, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length },
          })
        : gzipSync(body, { level: effort === 'small' ? 9 : 6 });
    // A plain bounded map: evict the oldest entry once full (insertion order).
    if (this.compressed.size >= COMPRESSED_CACHE_ENTRIES) this.compressed.delete(this.compressed.keys().next().value!);
    this.compressed.set(key, result);
    return result;
  }
}
