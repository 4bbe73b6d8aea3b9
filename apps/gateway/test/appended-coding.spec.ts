import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { appendTail, compressHead, uncompressedMetaBlockHeader, type HeadPlan } from '../src/http/appended-coding.js';
import { compressionFor } from '../src/http/responder.js';

// The qualities computed answers are compressed at, and others: brotli's fastest qualities (0
// and 1) and its others write different meta-blocks, each of which must end flushed.
const PLANS: HeadPlan[] = [
  { ...compressionFor('fast', 40_000), brotliWindowBits: 18 },
  { brotliQuality: 0, brotliWindowBits: 16, gzipLevel: 1 },
  { brotliQuality: 5, brotliWindowBits: 22, gzipLevel: 9 },
];
const PLAN = PLANS[0]!;
// A real file of the dataset: Tanger-Tétouan-Al Hoceïma's boundaries, 281,792 bytes of JSON.
const REAL = readFileSync('data/v1/geometry/01.topojson');
const decoders = { br: brotliDecompressSync, gzip: gunzipSync } as const;

describe('a compressed head with a stored tail', () => {
  for (const coding of ['br', 'gzip'] as const) {
    it(`${coding}: decodes to head then tail, whatever the tail's length, at every quality`, () => {
      for (const plan of PLANS) {
        const head = compressHead(coding, REAL.subarray(0, 40_000), plan);
        // Empty, one byte, a typical links object, and tails longer than one stored block or one 16-bit length.
        for (const length of [0, 1, 187, 65_535, 65_536, 70_001, 200_000]) {
          const tail = REAL.subarray(40_000, 40_000 + length);
          const body = appendTail(head, tail);
          assert.deepEqual(decoders[coding](body), REAL.subarray(0, 40_000 + length), `${JSON.stringify(plan)}: tail of ${length} bytes`);
        }
      }
    });

    it(`${coding}: the head is compressed once and appended to many tails`, () => {
      const page = Buffer.from('{"data":[{"code":"01.511.01.0"}],"meta":{"total":1},"links":');
      const head = compressHead(coding, page, PLAN);
      for (const self of ['/api/communes?sort=-density&page=3', '/api/communes?page=3&sort=-density', '/api/communes?sort=-density&page=3&_=9']) {
        const tail = Buffer.from(`{"self":${JSON.stringify(self)}}}`);
        assert.deepEqual(JSON.parse(decoders[coding](appendTail(head, tail)).toString()).links.self, self);
      }
      // A head is never changed by an append.
      assert.equal(decoders[coding](appendTail(head, Buffer.from('{}}'))).toString(), `${page.toString()}{}}`);
    });
  }

  it('writes meta-block headers with the fewest nibbles (RFC 7932 §9.2)', () => {
    // 1 byte: MLEN-1 = 0, 4 nibbles, ISUNCOMPRESSED at bit 19: 20 bits in 3 bytes.
    assert.deepEqual([...uncompressedMetaBlockHeader(1)], [0x00, 0x00, 0x08]);
    assert.equal(uncompressedMetaBlockHeader(65_536).length, 3);
    assert.equal(uncompressedMetaBlockHeader(65_537).length, 3);
    assert.equal(uncompressedMetaBlockHeader(2 ** 20 + 1).length, 4);
    assert.throws(() => uncompressedMetaBlockHeader(0), RangeError);
    assert.throws(() => uncompressedMetaBlockHeader(2 ** 24 + 1), RangeError);
  });
});
