import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ProblemError } from '@mc/contracts';
import { parseCommuneListParams } from '../src/communes/list-params.js';
import { planCommuneList, type ResolvedListFilters } from '../src/communes/list-plan.js';
import { etagFor, matchesIfNoneMatch, negotiateEncoding } from '../src/http/encoding.js';
import { missingChildDetail, routeApiPath } from '../src/routes/path-router.js';
import { RESPONSE_CACHE_BYTES, RESPONSE_CACHE_ENTRIES, ResponseCache } from '../src/http/response-cache.js';

describe('routeApiPath', () => {
  it('reads unit, child and page routes', () => {
    assert.deepEqual(routeApiPath('/api/communes/tanger'), { kind: 'unit', collection: 'communes', id: 'tanger' });
    assert.deepEqual(routeApiPath('/api/regions/01/provinces'), { kind: 'child', collection: 'regions', id: '01', child: 'provinces', file: 'provinces.json' });
    assert.deepEqual(routeApiPath('/api/communes/T%C3%A9touan'), { kind: 'unit', collection: 'communes', id: 'Tétouan' });
    assert.deepEqual(routeApiPath('/api/cercles/01.511.05/communes'), { kind: 'communes-of', collection: 'cercles', id: '01.511.05' });
    assert.deepEqual(routeApiPath('/api/regions'), { kind: 'bare', name: 'regions' });
  });

  it('tells missing files from paths that are no endpoint', () => {
    assert.equal(routeApiPath('/api/communes/tanger.json').kind, 'missing-file');
    assert.equal(routeApiPath('/api/nothing.json').kind, 'missing-file');
    assert.equal(routeApiPath('/api/communes/tanger/arrondissements').kind, 'child');
    assert.equal(routeApiPath('/api/regions/01/arrondissements').kind, 'not-an-endpoint');
    assert.equal(routeApiPath('/api/communes/01/communes').kind, 'not-an-endpoint');
    assert.equal(routeApiPath('/api/bananas/01').kind, 'not-an-endpoint');
    assert.equal(routeApiPath('/api/communes//x').kind, 'not-an-endpoint');
    assert.equal(routeApiPath('/elsewhere').kind, 'not-an-endpoint');
  });
});

describe('planCommuneList', () => {
  const base: ResolvedListFilters = { sort: { key: 'code', descending: false, figure: false }, page: 1 };
  it('aliases at most one filter in code order to its page file', () => {
    assert.deepEqual(planCommuneList({ ...base, page: 7 }), { kind: 'alias', path: '/api/communes/page/7.json' });
    assert.deepEqual(planCommuneList({ ...base, region: '01', page: 2 }), { kind: 'alias', path: '/api/regions/01/communes/page/2.json' });
    assert.deepEqual(planCommuneList({ ...base, cercle: '01.511.05' }), { kind: 'alias', path: '/api/cercles/01.511.05/communes/page/1.json' });
    assert.deepEqual(planCommuneList({ ...base, type: 'rural' }), { kind: 'alias', path: '/api/communes/type/rural/page/1.json' });
  });

  it('computes combinations, other orders and population bounds', () => {
    assert.equal(planCommuneList({ ...base, province: '01.511', type: 'urban' }).kind, 'computed');
    assert.equal(planCommuneList({ ...base, sort: { key: 'code', descending: true, figure: false } }).kind, 'computed');
    assert.equal(planCommuneList({ ...base, sort: { key: 'name', descending: false, figure: false } }).kind, 'computed');
    assert.equal(planCommuneList({ ...base, minPopulation: 0 }).kind, 'computed');
    assert.equal(planCommuneList({ ...base, region: '01', maxPopulation: 5 }).kind, 'computed');
  });
});

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

describe('ResponseCache', () => {
  const file = (bytes: number) => ({ path: '/x', body: Buffer.alloc(bytes), etag: '"x"', contentType: 'application/json' });

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

describe('missingChildDetail', () => {
  it('says why a unit has no file of a family', () => {
    assert.equal(missingChildDetail('01.511', 'indicators'), 'the dataset has no census figures for 01.511');
    assert.equal(missingChildDetail('01.051.03.01', 'housing'), '01.051.03.01 has no urban dwellings, so no housing figures');
    assert.equal(missingChildDetail('01', 'economy'), 'the dataset has no establishment figures for 01');
  });
});
