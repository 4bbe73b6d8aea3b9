/**
 * A compressed body made of a head compressed once and a short tail appended as it is.
 *
 * A computed page is mostly rows and counts that many URLs share (another parameter order, a
 * cache-busting parameter); only its links name the URL. Both codings can carry bytes stored
 * without compression after a flushed, byte-aligned point: brotli as an uncompressed meta-block
 * (RFC 7932 §9.2), gzip as a stored deflate block (RFC 1951 §3.2.4) with the gzip trailer's
 * CRC-32 continued over the tail (RFC 1952 §2.3.1). So the head's compression is kept and each
 * URL costs a copy and a few header bytes. No library writes these framings, hence by hand.
 */
import { brotliCompressSync, constants as zlib, crc32, gzipSync } from 'node:zlib';

/** The head of a body, compressed up to a byte-aligned flush point, not finished. */
export interface CompressedHead {
  coding: 'br' | 'gzip';
  bytes: Buffer;
  /** Uncompressed length of the head (gzip's trailer counts the whole body). */
  length: number;
  /** CRC-32 of the uncompressed head (gzip only; 0 for brotli). */
  crc: number;
}

export interface HeadPlan {
  brotliQuality: number;
  brotliWindowBits: number;
  gzipLevel: number;
}

/** Compresses `head` and flushes it: what follows may be appended with `appendTail`. */
export function compressHead(coding: 'br' | 'gzip', head: Buffer, plan: HeadPlan): CompressedHead {
  if (coding === 'br') {
    const bytes = brotliCompressSync(head, {
      finishFlush: zlib.BROTLI_OPERATION_FLUSH,
      params: { [zlib.BROTLI_PARAM_QUALITY]: plan.brotliQuality, [zlib.BROTLI_PARAM_SIZE_HINT]: head.length, [zlib.BROTLI_PARAM_LGWIN]: plan.brotliWindowBits },
    });
    return { coding, bytes, length: head.length, crc: 0 };
  }
  const bytes = gzipSync(head, { level: plan.gzipLevel, finishFlush: zlib.Z_SYNC_FLUSH });
  return { coding, bytes, length: head.length, crc: crc32(head) };
}

/** Brotli's longest meta-block: MLEN is at most 2^24. */
const BROTLI_MAX_BLOCK = 2 ** 24;
/** A stored deflate block holds at most 65,535 bytes (LEN is 16 bits). */
const DEFLATE_MAX_STORED = 0xffff;

/** The whole compressed body: the head's bytes, then `tail` stored, then the end of the stream. */
export function appendTail(head: CompressedHead, tail: Buffer): Buffer {
  return head.coding === 'br' ? appendBrotli(head, tail) : appendGzip(head, tail);
}

function appendBrotli(head: CompressedHead, tail: Buffer): Buffer {
  const parts: Buffer[] = [head.bytes];
  for (let at = 0; at < tail.length; at += BROTLI_MAX_BLOCK) {
    const chunk = tail.subarray(at, Math.min(tail.length, at + BROTLI_MAX_BLOCK));
    parts.push(uncompressedMetaBlockHeader(chunk.length), chunk);
  }
  // ISLAST = 1, ISLASTEMPTY = 1: the stream ends.
  parts.push(Buffer.of(0b11));
  return Buffer.concat(parts);
}

/**
 * ISLAST = 0 (1 bit), MNIBBLES - 4 (2 bits), MLEN - 1 (4 bits per nibble), ISUNCOMPRESSED = 1
 * (1 bit), then zero bits to the byte boundary. Bits are packed from the least significant.
 * The fewest nibbles that hold MLEN - 1: a longer form with a zero last nibble is invalid.
 */
export function uncompressedMetaBlockHeader(length: number): Buffer {
  if (length < 1 || length > BROTLI_MAX_BLOCK) throw new RangeError(`a meta-block holds 1 to 2^24 bytes, not ${length}`);
  const nibbles = length - 1 < 2 ** 16 ? 4 : length - 1 < 2 ** 20 ? 5 : 6;
  const bits = (nibbles - 4) * 2 + (length - 1) * 8 + 2 ** (3 + nibbles * 4);
  const width = Math.ceil((4 + nibbles * 4) / 8);
  const header = Buffer.alloc(width);
  header.writeUIntLE(bits, 0, width);
  return header;
}

function appendGzip(head: CompressedHead, tail: Buffer): Buffer {
  const parts: Buffer[] = [head.bytes];
  let at = 0;
  do {
    const chunk = tail.subarray(at, Math.min(tail.length, at + DEFLATE_MAX_STORED));
    at += chunk.length;
    const header = Buffer.alloc(5);
    // BFINAL in bit 0, BTYPE = 00 (stored) in bits 1-2, the rest of the byte padding.
    header[0] = at >= tail.length ? 1 : 0;
    header.writeUInt16LE(chunk.length, 1);
    header.writeUInt16LE(~chunk.length & 0xffff, 3);
    parts.push(header, chunk);
  } while (at < tail.length);
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc32(tail, head.crc) >>> 0, 0);
  trailer.writeUInt32LE((head.length + tail.length) % 2 ** 32, 4);
  parts.push(trailer);
  return Buffer.concat(parts);
}
