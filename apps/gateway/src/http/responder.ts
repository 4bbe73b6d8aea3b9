/**
 * Writes every response: validators and 304, compression with a cache of compressed bodies
 * (static bytes never change within a dataset version), tier and cache headers.
 */
import { Injectable, Optional } from '@nestjs/common';
import type { OutgoingHttpHeaders } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants as zlib, gzip as gzipCompress, gzipSync } from 'node:zlib';
import { BytesLru, Doorkeeper, ownMemory, relinkPage, type SharedHead, type StaticFile } from '@mc/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { etagFor, matchesIfNoneMatch, negotiateEncoding, type Coding } from './encoding.js';
import { ReadyAnswers, type Spellings } from './ready-answers.js';
import { appendTail, compressHead, type CompressedHead } from './appended-coding.js';

export type Tier = 'alias' | 'computed';

export interface SendOptions {
  tier?: Tier;
  contentLocation?: string;
  status?: number;
  cacheControl?: string | null;
  /**
   * The query parameters the route reads (every other one changes nothing): the answer is then
   * also kept for other spellings of its URL (ReadyAnswers).
   */
  reads?: readonly string[];
}

/** Bodies smaller than this gain nothing from compression. */
const MIN_COMPRESS_BYTES = 1024;
/**
 * A computed answer this small fits in one TCP segment (1,460 bytes) as it is: compressing it
 * would cost CPU on every request (brotli takes 0.02-0.04 ms) for no fewer packets.
 */
const MIN_COMPRESS_COMPUTED_BYTES = 1460;
export const DEFAULT_CACHE_CONTROL = 'public, max-age=300';

/** Compressed bodies by key, least recently used first out, bounded by their bytes. */
export class BytesCache extends BytesLru<Buffer> {
  constructor(maxBytes: number) {
    super(maxBytes, (body) => body.length);
  }
}

const brotli = promisify(brotliCompress);
/**
 * The window is sized to the body: brotli's default (4 MiB) makes the encoder allocate and
 * clear megabytes per call, which cost a 38 KB page 0.9 ms of CPU at quality 2 instead of 0.17.
 */
export const brotliWindowBits = (size: number) => Math.min(24, Math.max(10, Math.ceil(Math.log2(size + 1))));
const brotliOptions = (quality: number, size: number) => ({
  params: { [zlib.BROTLI_PARAM_QUALITY]: quality, [zlib.BROTLI_PARAM_SIZE_HINT]: size, [zlib.BROTLI_PARAM_LGWIN]: brotliWindowBits(size) },
});

export type Effort = 'small' | 'fast';
/** Below this, a computed answer is compressed on the event loop: the thread pool's hop costs more. */
export const SYNC_COMPRESS_BYTES = 64 * 1024;

/**
 * How a body is compressed. Files: brotli 9 and gzip 9 on the thread pool, once per dataset.
 * Computed answers: brotli 1 and gzip 3, on the event loop below 64 KiB, where that work is
 * cheaper than handing it to another thread and waiting for it. On a 38 KB page, in one
 * process: brotli 1 takes 0.07 ms for 8,031 bytes, brotli 2 0.11 ms for 7,686, brotli 4 0.22 ms
 * for 7,450; gzip 3 0.08 ms for 8,274, gzip 5 0.20 ms for 7,661. Under load, with the load
 * generator on the other core, each takes about half as much again, and compression was half
 * of what a page of new content cost: 4% more bytes for a third less of that.
 */
export function compressionFor(effort: Effort, size: number): { brotliQuality: number; gzipLevel: number; sync: boolean } {
  if (effort === 'small') return { brotliQuality: 9, gzipLevel: 9, sync: false };
  return { brotliQuality: 1, gzipLevel: 3, sync: size < SYNC_COMPRESS_BYTES };
}
const gzip = promisify(gzipCompress);
/** Every file of a build, compressed both ways, is about 30 MB (dataset 1.10.0): it all fits. */
export const FILE_CODINGS_BYTES = 128 * 2 ** 20;
export const COMPUTED_CODINGS_BYTES = 32 * 2 ** 20;
/** Compressed heads of pages (about 6 KB each in brotli for 50 communes). */
export const COMPUTED_HEADS_BYTES = 16 * 2 ** 20;

@Injectable()
export class Responder {
  /** Files (static and alias answers) and computed answers apart: the second never evicts the first. */
  readonly fileCodings = new BytesCache(FILE_CODINGS_BYTES);
  readonly computedCodings = new BytesCache(COMPUTED_CODINGS_BYTES);
  readonly computedHeads = new BytesLru<CompressedHead>(COMPUTED_HEADS_BYTES, (head) => head.bytes.length);
  /** A computed coding or head is kept the second time it is made: most are asked once. */
  private readonly doorkeeper = new Doorkeeper();
  private readonly inflight = new Map<string, Promise<Buffer>>();

  constructor(@Optional() private readonly ready?: ReadyAnswers) {}

  sendFile(request: FastifyRequest, reply: FastifyReply, file: StaticFile, options: SendOptions = {}): Promise<FastifyReply> {
    return this.send(request, reply, file, options);
  }

  private async send(request: FastifyRequest, reply: FastifyReply, file: StaticFile, options: SendOptions): Promise<FastifyReply> {
    const { body, etag: identityEtag, contentType } = file;
    const accepted = negotiateEncoding(request.headers['accept-encoding']);
    const coding = this.codingFor(body, accepted, options.tier);
    const etag = etagFor(identityEtag, coding);
    if (options.tier) reply.header('X-Api-Tier', options.tier);
    if (options.contentLocation) reply.header('Content-Location', options.contentLocation);
    if (options.cacheControl !== null) reply.header('Cache-Control', options.cacheControl ?? DEFAULT_CACHE_CONTROL);
    reply.header('ETag', etag).header('Vary', 'Accept-Encoding');
    if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send();
    let payload = coding === 'identity' ? body : this.compressed(body, identityEtag, coding, options.tier === 'computed' ? 'fast' : 'small', file.sharedHead);
    if (payload instanceof Promise) payload = await payload;
    const status = options.status ?? 200;
    if (status === 200 && options.reads) this.ready?.learn(request.url, options.reads);
    const notModifiedHeaders = status === 200 && this.ready?.admits(request.raw) ? (reply.getHeaders() as OutgoingHttpHeaders) : undefined;
    reply.code(status).header('Content-Type', contentType);
    if (coding !== 'identity') reply.header('Content-Encoding', coding);
    if (notModifiedHeaders) {
      const answer = { etag, notModifiedHeaders, headers: { ...(reply.getHeaders() as OutgoingHttpHeaders), 'content-length': payload.length }, body: ownMemory(payload) };
      this.ready!.keep(request.raw, answer, options.reads && this.spellings(file, options, accepted, coding));
    }
    return reply.send(payload);
  }

  /** Small bodies go as they are: compressing them would not save a packet. */
  private codingFor(body: Buffer, accepted: Coding, tier: Tier | undefined): Coding {
    return body.length >= (tier === 'computed' ? MIN_COMPRESS_COMPUTED_BYTES : MIN_COMPRESS_BYTES) ? accepted : 'identity';
  }

  /**
   * How `file` answers other spellings of its URL: as it is, or, when its links name its URL
   * (a computed page), relinked and coded as this method would code it. A spelling that would
   * be coded otherwise, or only on the thread pool, goes through the framework.
   */
  private spellings(file: StaticFile, options: SendOptions, accepted: Coding, coding: Coding): Spellings {
    const reads = options.reads!;
    if (options.tier !== 'computed' || !file.sharedHead) return { reads };
    return {
      reads,
      respell: (url) => {
        const page = relinkPage(file, url);
        if (this.codingFor(page.body, accepted, 'computed') !== coding) return undefined;
        const etag = etagFor(page.etag, coding);
        if (coding === 'identity') return { etag, body: page.body };
        if (!compressionFor('fast', page.body.length).sync) return undefined;
        const body = this.compressed(page.body, page.etag, coding, 'fast', page.sharedHead);
        return body instanceof Promise ? undefined : { etag, body };
      },
    };
  }

  /**
   * Files are compressed hard once and served many times. Computed answers, often asked once,
   * are compressed fast (compressionFor). One body is compressed once however many requests
   * ask for it at the same moment.
   */
  private compressed(
    body: Buffer,
    identityEtag: string,
    coding: Exclude<Coding, 'identity'>,
    effort: Effort,
    sharedHead?: SharedHead,
  ): Buffer | Promise<Buffer> {
    const cache = effort === 'small' ? this.fileCodings : this.computedCodings;
    const key = `${coding}:${identityEtag}`;
    const cached = cache.get(key);
    if (cached) return cached;
    const plan = compressionFor(effort, body.length);
    if (plan.sync) {
      // Any page, however small: its links stored cost 20-30 bytes more than compressed (a
      // 2.4 KB list: 981 bytes instead of 951), and another URL for its rows no compression.
      if (effort === 'fast' && sharedHead) return this.withHead(body, coding, sharedHead, plan);
      const result = coding === 'br' ? brotliCompressSync(body, brotliOptions(plan.brotliQuality, body.length)) : gzipSync(body, { level: plan.gzipLevel });
      // A file's coding is kept at once (it is asked again); a computed one on second sight.
      if (effort === 'small' || this.doorkeeper.admit(key)) cache.set(key, ownMemory(result));
      return result;
    }
    let pending = this.inflight.get(key);
    if (!pending) {
      const work = coding === 'br' ? brotli(body, brotliOptions(plan.brotliQuality, body.length)) : gzip(body, { level: plan.gzipLevel });
      pending = work.then(
        (compressed) => {
          const result = ownMemory(compressed);
          this.inflight.delete(key);
          cache.set(key, result);
          return result;
        },
        (error: unknown) => {
          this.inflight.delete(key);
          throw error;
        },
      );
      this.inflight.set(key, pending);
    }
    return pending;
  }

  /** A page: its head compressed once for every URL that shares it, the links appended as stored bytes. */
  private withHead(body: Buffer, coding: Exclude<Coding, 'identity'>, sharedHead: SharedHead, plan: ReturnType<typeof compressionFor>): Buffer {
    const key = `${coding}:${sharedHead.etag}`;
    let head = this.computedHeads.get(key);
    if (!head) {
      const headBytes = body.subarray(0, sharedHead.length);
      head = compressHead(coding, headBytes, { brotliQuality: plan.brotliQuality, brotliWindowBits: brotliWindowBits(body.length), gzipLevel: plan.gzipLevel });
      if (this.doorkeeper.admit(`head ${key}`)) this.computedHeads.set(key, { ...head, bytes: ownMemory(head.bytes) });
    }
    return appendTail(head, body.subarray(sharedHead.length));
  }
}
