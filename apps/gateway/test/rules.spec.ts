import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ProblemError, ownMemory, type FileAnswer } from '@mc/contracts';
import { parseCommuneListParams } from '../src/communes/list-params.js';
import { etagFor, matchesIfNoneMatch, negotiateEncoding } from '../src/http/encoding.js';
import { clientErrorProblem } from '../src/http/client-errors.js';
import { BytesCache, SYNC_COMPRESS_BYTES, brotliWindowBits, compressionFor } from '../src/http/responder.js';
import { RESPONSE_CACHE_BYTES, RESPONSE_CACHE_ENTRIES, ResponseCache } from '../src/http/response-cache.js';

describe('parseCommuneListParams', () => {
  const fails = (query: Record<string, unknown>, detail: RegExp) =>
    assert.throws(() => parseCommuneListParams(query), (e: unknown) => e instanceof ProblemError && e.kind === 'invalid-query' && detail.test(e.detail));

  it('accepts the documented bounds', () => {
    assert.deepEqual({ ...parseCommuneListParams({ page: '10000', min_population: '0', max_population: '10000000' }) }, {
      page: '10000',
      min_population: '0',
      max_population: '10000000',
    });
    assert.equal(parseCommuneListParams({ q: '  tanger ' }).q, 'tanger');
  });

  it('refuses out-of-range, non-digit, repeated and exclusive parameters', () => {
    fails({ page: '0' }, /page must be a whole number between 1 and 10000/);
    fails({ page: '+1' }, /page/);
    fails({ page: '1e3' }, /page/);
    fails({ min_population: '10000001' }, /min_population/);
    fails({ max_population: ' 5' }, /max_population/);
    fails({ type: 'URBAN' }, /type must be urban or rural/);
    fails({ page: ['1', '2'] }, /page must be given at most once/);
    fails({ q: 'tanger', region: '01', page: '1' }, /can't be combined with region, page/);
    fails({ q: '   ' }, /q must be 1 to 100 characters/);
    fails({ q: 'a'.repeat(101) }, /q must be 1 to 100/);
    fails({ min_population: '6', max_population: '5' }, /min_population can't be above max_population/);
  });

  it('ignores parameters it does not know, such as cache busters', () => {
    assert.deepEqual({ ...parseCommuneListParams({ _: '123' }) }, {});
  });
});

describe('compression negotiation and validators', () => {
  it('prefers brotli, honours q-values and refusals', () => {
    assert.equal(negotiateEncoding('gzip, deflate, br'), 'br');
    assert.equal(negotiateEncoding('gzip'), 'gzip');
    assert.equal(negotiateEncoding('br;q=0, gzip;q=0.5'), 'gzip');
    assert.equal(negotiateEncoding('gzip;q=0.2, br;q=0.8'), 'br');
    assert.equal(negotiateEncoding('*'), 'br');
    assert.equal(negotiateEncoding('identity'), 'identity');
    assert.equal(negotiateEncoding(undefined), 'identity');
  });

  it('gives each coding its own strong tag and matches If-None-Match lists', () => {
    assert.equal(etagFor('"abc"', 'br'), '"abc-br"');
    assert.equal(etagFor('"abc"', 'identity'), '"abc"');
    assert.ok(matchesIfNoneMatch('"x", "abc-br"', '"abc-br"'));
    assert.ok(matchesIfNoneMatch('W/"abc"', '"abc"'));
    assert.ok(matchesIfNoneMatch('*', '"abc"'));
    assert.ok(!matchesIfNoneMatch('"abc"', '"abc-br"'));
  });
});

/** A computed answer of `bytes` bytes. */
const file = (bytes: number, datasetVersion = 'v'): FileAnswer => ({ datasetVersion, tier: 'computed', file: { path: '/x', body: Buffer.alloc(bytes), etag: '"x"', contentType: 'application/json' } });

describe('ResponseCache', () => {

  it('keys answers by dataset version and URL', () => {
    const cache = new ResponseCache();
    cache.set('1.10.0', '/api/search?q=fes', file(10));
    assert.ok(cache.get('1.10.0', '/api/search?q=fes'));
    assert.equal(cache.get('1.11.0', '/api/search?q=fes'), undefined);
    assert.equal(cache.get('1.10.0', '/api/search?q=fez'), undefined);
  });

  it('evicts the least recently used entry past its bounds', () => {
    const cache = new ResponseCache();
    for (let i = 0; i <= RESPONSE_CACHE_ENTRIES; i++) {
      cache.set('v', `/${i}`, file(1));
      if (i === 10) cache.get('v', '/0'); // used again: survives
    }
    assert.ok(cache.get('v', '/0'));
    assert.equal(cache.get('v', '/1'), undefined);
    assert.ok(cache.get('v', `/${RESPONSE_CACHE_ENTRIES}`));
    const big = new ResponseCache();
    const size = RESPONSE_CACHE_BYTES / 16;
    for (let i = 0; i < 17; i++) big.set('v', `/${i}`, file(size));
    assert.equal(big.get('v', '/0'), undefined);
    assert.ok(big.get('v', '/16'));
    big.set('v', '/huge', file(size + 1));
    assert.equal(big.get('v', '/huge'), undefined);
  });
});

describe('ResponseCache.through', () => {
  it("serves a kept answer only under the version its service last answered with", async () => {
    const cache = new ResponseCache();
    let version = '1.10.0';
    let computed = 0;
    const ask = () => cache.through('search', '/api/search?q=fes', async () => (computed++, file(10, version)));
    await ask();
    await ask();
    assert.equal(computed, 2, 'an answer is kept the second time it is computed, not the first');
    await ask();
    assert.equal(computed, 2);
    version = '1.11.0';
    // Another URL's answer reveals the new version: the kept 1.10.0 answer is no longer served.
    await cache.through('search', '/api/search?q=rabat', async () => file(10, version));
    assert.equal((await ask()).datasetVersion, '1.11.0');
    assert.equal(computed, 3);
    const alias: FileAnswer = { ...file(10), tier: 'alias' };
    await cache.through('catalog', '/api/communes?page=2', async () => alias);
    assert.equal(cache.get('v', '/api/communes?page=2'), undefined, 'alias answers are files the service holds');
    // Cluster mode keeps them too (each costs a hop), and learns a new version from the services' status.
    const cluster = new ResponseCache({ cacheFiles: true });
    await cluster.through('catalog', '/api/communes/tanger', async () => alias);
    await cluster.through('catalog', '/api/communes/tanger', async () => alias);
    assert.ok(cluster.get('v', '/api/communes/tanger'));
    cluster.observe('catalog', 'w');
    let asked = 0;
    await cluster.through('catalog', '/api/communes/tanger', async () => (asked++, { ...alias, datasetVersion: 'w' }));
    assert.equal(asked, 1, 'a version change the status reported is not served from the old version');
  });
});

describe('hostile input, pure rules', () => {
  it('names gzip in "gzip ;q=1"', () => {
    assert.equal(negotiateEncoding('gzip ;q=1'), 'gzip');
    assert.equal(negotiateEncoding(' br ; q=0 , gzip'), 'gzip');
  });

  it('maps every parser error to a problem kind', () => {
    assert.equal(clientErrorProblem('HPE_HEADER_OVERFLOW').kind, 'headers-too-large');
    assert.equal(clientErrorProblem('ERR_HTTP_REQUEST_TIMEOUT').kind, 'request-timeout');
    assert.equal(clientErrorProblem('HPE_INVALID_METHOD').kind, 'method-not-allowed');
    assert.equal(clientErrorProblem('HPE_UNEXPECTED_CONTENT_LENGTH').kind, 'bad-request');
    assert.equal(clientErrorProblem(undefined).kind, 'bad-request');
  });
});

describe('BytesCache', () => {
  it('evicts the least recently used bodies past its bytes, and refuses one body over an eighth of it', () => {
    const cache = new BytesCache(800);
    for (let i = 0; i < 8; i++) cache.set(`k${i}`, Buffer.alloc(100));
    cache.get('k0'); // used again: survives
    cache.set('k8', Buffer.alloc(100));
    assert.ok(cache.get('k0'));
    assert.equal(cache.get('k1'), undefined);
    assert.equal(cache.size, 800);
    cache.set('big', Buffer.alloc(101));
    assert.equal(cache.get('big'), undefined);
  });
});

describe('compressionFor', () => {
  it('compresses files hard on the thread pool, computed answers fast and, when small, on the event loop', () => {
    assert.deepEqual(compressionFor('small', 100), { brotliQuality: 9, gzipLevel: 9, sync: false });
    assert.deepEqual(compressionFor('fast', 38_003), { brotliQuality: 1, gzipLevel: 3, sync: true });
    assert.equal(compressionFor('fast', SYNC_COMPRESS_BYTES).sync, false);
  });

  it('sizes the brotli window to the body, within brotli’s bounds', () => {
    assert.equal(brotliWindowBits(38_003), 16);
    assert.equal(brotliWindowBits(65_535), 16);
    assert.equal(brotliWindowBits(65_536), 17);
    assert.equal(brotliWindowBits(1), 10);
    assert.equal(brotliWindowBits(200 * 2 ** 20), 24);
  });
});

describe('ownMemory', () => {
  it('copies a small slice out of a large store, and leaves a buffer that is most of its store alone', () => {
    const store = Buffer.alloc(16 * 1024, 7);
    const slice = store.subarray(0, 500);
    const own = ownMemory(slice);
    assert.equal(own.buffer.byteLength, 500);
    assert.ok(own.equals(slice));
    const whole = Buffer.allocUnsafeSlow(1000);
    assert.equal(ownMemory(whole), whole);
  });
});
