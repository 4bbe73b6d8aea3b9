import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { useApp } from './support.js';

const ctx = useApp();
const { expectProblem } = ctx;

describe('static commune pages', () => {
  it('pages the national list: 31 pages, the last holding 3', async () => {
    const first = await ctx.get('/api/communes').expect(200);
    assert.equal(first.headers['x-api-tier'], 'alias');
    assert.equal(first.headers['content-location'], '/api/communes/page/1.json');
    assert.deepEqual(first.body.meta, { datasetVersion: '1.10.0', page: 1, perPage: 50, total: 1503, totalPages: 31 });
    assert.deepEqual(first.body.links, { self: '/api/communes/page/1.json', prev: null, next: '/api/communes/page/2.json' });
    const last = await ctx.get('/api/communes?page=31').expect(200);
    assert.equal(last.body.data.length, 3);
    assert.equal(last.body.links.next, null);
    await expectProblem('/api/communes?page=32', 404, 'not-found');
  });

  it('pages the urban list: 242 communes on 5 pages, no page 6', async () => {
    const urban = await ctx.get('/api/communes?type=urban').expect(200);
    assert.equal(urban.headers['content-location'], '/api/communes/type/urban/page/1.json');
    assert.equal(urban.body.meta.total, 242);
    assert.equal(urban.body.meta.totalPages, 5);
    const fifth = await ctx.get('/api/communes?type=urban&page=5').expect(200);
    assert.equal(fifth.body.data.length, 42);
    assert.ok(fifth.body.data.every((c: { type: string }) => c.type === 'urban'));
    const detail = await expectProblem('/api/communes?type=urban&page=6', 404, 'not-found');
    assert.equal(detail.detail, 'no page 6 for this filter');
  });

  it('gives a préfecture d\'arrondissements an empty page 1', async () => {
    const res = await ctx.get('/api/communes?province=06.141.01.00').expect(200);
    assert.equal(res.headers['content-location'], '/api/provinces/06.141.01.00/communes/page/1.json');
    assert.deepEqual(res.body.data, []);
    assert.deepEqual(res.body.meta, { datasetVersion: '1.10.0', page: 1, perPage: 50, total: 0, totalPages: 1 });
    assert.equal(res.body.links.next, null);
  });

  it('aliases a région filter in any spelling, with sort=code counting as no sort', async () => {
    const bySlug = await ctx.get('/api/communes?region=tanger-tetouan-al-hoceima&page=2&sort=code').expect(200);
    assert.equal(bySlug.headers['x-api-tier'], 'alias');
    assert.equal(bySlug.headers['content-location'], '/api/regions/01/communes/page/2.json');
    const nested = await ctx.get('/api/regions/1/communes?page=3').expect(200);
    assert.equal(nested.headers['content-location'], '/api/regions/01/communes/page/3.json');
    assert.equal(nested.body.meta.total, 146);
  });
});

describe('computed commune lists', () => {
  it('combines filters: the urban communes of Tanger-Assilah, with links', async () => {
    const res = await ctx.get('/api/communes?province=01.511&type=urban').expect(200);
    assert.equal(res.headers['x-api-tier'], 'computed');
    assert.equal(res.headers['content-location'], undefined);
    assert.deepEqual(res.body.data.map((c: { code: string }) => c.code), ['01.511.01.0', '01.511.01.01', '01.511.01.09']);
    assert.deepEqual(res.body.meta, { datasetVersion: '1.10.0', page: 1, perPage: 50, total: 3, totalPages: 1 });
    assert.deepEqual(res.body.links, { self: '/api/communes?province=01.511&type=urban', prev: null, next: null });
  });

  it('links pages of a computed list with the page parameter', async () => {
    const res = await ctx.get('/api/communes?type=rural&sort=-population&page=2').expect(200);
    assert.equal(res.headers['x-api-tier'], 'computed');
    assert.equal(res.body.links.self, '/api/communes?type=rural&sort=-population&page=2');
    assert.equal(res.body.links.prev, '/api/communes?type=rural&sort=-population&page=1');
    assert.equal(res.body.links.next, '/api/communes?type=rural&sort=-population&page=3');
    const populations = res.body.data.map((c: any) => c.population['2024'].total);
    assert.deepEqual(populations, [...populations].sort((a, b) => b - a));
  });

  it('sorts by population, largest first: Casablanca leads', async () => {
    const res = await ctx.get('/api/communes?sort=-population').expect(200);
    assert.equal(res.body.data[0].code, '06.141.01.0');
    assert.equal(res.body.meta.totalPages, 31);
  });

  it('puts communes without a value last in both directions', async () => {
    for (const sort of ['area', '-area']) {
      const res = await ctx.get(`/api/communes?sort=${sort}&page=31`).expect(200);
      assert.equal(res.body.data.at(-1).code, '04.281.05.11', sort);
    }
    const change = await ctx.get('/api/communes?region=12&sort=-change').expect(200);
    const tail = change.body.data.slice(-4).map((c: { name: { fr: string } }) => c.name.fr).sort();
    assert.deepEqual(tail, ['Aghouinite', 'Lagouira', 'Mijik', 'Zoug']);
  });

  it('sorts names in French order', async () => {
    const res = await ctx.get('/api/communes?province=01.511&sort=name').expect(200);
    const names = res.body.data.map((c: { name: { fr: string } }) => c.name.fr);
    assert.deepEqual(names, [...names].sort(new Intl.Collator('fr').compare));
  });

  it('filters by population bounds', async () => {
    const res = await ctx.get('/api/communes?min_population=1000000').expect(200);
    assert.equal(res.headers['x-api-tier'], 'computed');
    // Tanger, Fès, Casablanca and Marrakech: the four communes of a million or more in 2024.
    assert.deepEqual(res.body.data.map((c: any) => c.code), ['01.511.01.0', '03.231.01.0', '06.141.01.0', '07.351.01.0']);
    assert.ok(res.body.data.every((c: any) => c.population['2024'].total >= 1_000_000));
    const band = await ctx.get('/api/communes?region=12&min_population=1000&max_population=2000').expect(200);
    assert.deepEqual(band.body.data.map((c: any) => [c.code, c.population['2024'].total >= 1000 && c.population['2024'].total <= 2000]), [['12.066.03.03', true]]);
  });

  it('answers contradictory filters with an empty page 1', async () => {
    const res = await ctx.get('/api/communes?region=01&province=04.421').expect(200);
    assert.equal(res.body.meta.total, 0);
    assert.deepEqual(res.body.data, []);
  });
});

describe('errors (spec §4.4 and §7, reference probe list)', () => {
  it('refuses bad list parameters with problem documents', async () => {
    assert.equal((await expectProblem('/api/communes?type=banana', 400, 'invalid-query')).detail, 'type must be urban or rural');
    assert.equal((await expectProblem('/api/communes?region=01.511', 400, 'invalid-query')).detail, '01.511 is a province, not a region');
    await expectProblem('/api/communes?region=01&page=4', 404, 'not-found');
    await expectProblem('/api/communes?region=01&type=rural&page=4', 404, 'not-found');
    await expectProblem('/api/communes?sort=banana', 400, 'invalid-query');
    await expectProblem('/api/communes?sort=-labour.unemployment', 400, 'invalid-query');
    assert.equal(
      (await expectProblem('/api/communes?min_population=5&max_population=1', 400, 'invalid-query')).detail,
      "min_population can't be above max_population",
    );
    await expectProblem('/api/communes?q=tanger&region=03', 400, 'invalid-query');
    await expectProblem('/api/communes?q=', 400, 'invalid-query');
    await expectProblem('/api/communes?page=0', 400, 'invalid-query');
    await expectProblem('/api/communes?page=10001', 400, 'invalid-query');
    await expectProblem('/api/communes?page=1.5', 400, 'invalid-query');
    await expectProblem('/api/communes?page=1&page=2', 400, 'invalid-query');
    await expectProblem('/api/communes?min_population=-1', 400, 'invalid-query');
    await expectProblem('/api/communes?max_population=10000001', 400, 'invalid-query');
    await expectProblem('/api/communes?type=', 400, 'invalid-query');
  });

  it('tells a filter naming nothing (404) from one that cannot be read (400)', async () => {
    assert.equal((await expectProblem('/api/communes?province=99.999', 404, 'not-found')).detail, 'no province has code 99.999');
    const malformed = await expectProblem('/api/communes?cercle=%21%21', 400, 'invalid-code');
    assert.equal(malformed.title, 'Malformed code or slug');
  });

  it('answers unknown paths with not-found problems', async () => {
    await expectProblem('/api/nonsense', 404, 'not-found');
    assert.equal((await expectProblem('/api/communes/tanger.json', 404, 'not-found')).detail, '/api/communes/tanger.json does not exist');
    await expectProblem('/api/regions/01/nothing', 404, 'not-found');
    await expectProblem('/nowhere', 404, 'not-found');
    await expectProblem('/api/communes/%E0%A4%A', 400, 'invalid-code');
  });

  it('refuses writes with a problem document', async () => {
    const { default: request } = await import('supertest');
    const res = await request(ctx.app().getHttpServer()).post('/api/regions.json').send({});
    assert.equal(res.status, 405);
    assert.equal(res.headers.allow, 'GET, HEAD, OPTIONS');
    assert.equal(res.body.title, 'Method not allowed');
    assert.match(res.headers['content-type']!, /^application\/problem\+json/);
    assert.equal((await request(ctx.app().getHttpServer()).delete('/nowhere')).status, 405);
  });
});

describe('HTTP', () => {
  it('answers a repeated request with its ETag by 304, for static, alias and computed tiers', async () => {
    for (const path of ['/api/regions.json', '/api/communes/tanger', '/api/communes?province=01.511&type=urban']) {
      const first = await ctx.get(path).expect(200);
      const etag = first.headers.etag!;
      assert.match(etag, /^"[A-Za-z0-9_-]+"$/, path);
      const again = await ctx.get(path).set('If-None-Match', etag);
      assert.equal(again.status, 304, path);
      assert.equal(again.text, '', path);
      assert.equal(again.headers.etag, etag, path);
      await ctx.get(path).set('If-None-Match', '"something-else"').expect(200);
    }
  });

  it('compresses with brotli or gzip when accepted, with a validator per coding', async () => {
    // Fastify's injector hands back the raw bytes, as a client would receive them.
    const fastify = ctx.app().getHttpAdapter().getInstance();
    const fetch = (encoding: string) => fastify.inject({ method: 'GET', url: '/api/communes/page/1.json', headers: { 'accept-encoding': encoding } });
    const plain = await fetch('identity');
    assert.equal(plain.headers['content-encoding'], undefined);
    const br = await fetch('gzip, br');
    assert.equal(br.headers['content-encoding'], 'br');
    assert.notEqual(br.headers.etag, plain.headers.etag);
    assert.equal(brotliDecompressSync(br.rawPayload).toString(), plain.payload);
    const gz = await fetch('gzip;q=1, br;q=0');
    assert.equal(gz.headers['content-encoding'], 'gzip');
    assert.equal(gunzipSync(gz.rawPayload).toString(), plain.payload);
    assert.match(String(gz.headers.vary), /Accept-Encoding/);
    const notModified = await fastify.inject({
      method: 'GET',
      url: '/api/communes/page/1.json',
      headers: { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) },
    });
    assert.equal(notModified.statusCode, 304);
  });

  it('compresses a computed page as any URL of its rows asks: the same rows, each its own links', async () => {
    const fastify = ctx.app().getHttpAdapter().getInstance();
    const urls = ['/api/communes?sort=-density&page=3', '/api/communes?page=3&sort=-density', '/api/communes?sort=-density&page=3&_=7'];
    for (let round = 0; round < 2; round++) {
      for (const url of urls) {
        const plain = await fastify.inject({ method: 'GET', url });
        const br = await fastify.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
        const gz = await fastify.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
        assert.equal(br.headers['content-encoding'], 'br');
        assert.equal(gz.headers['content-encoding'], 'gzip');
        assert.equal(brotliDecompressSync(br.rawPayload).toString(), plain.payload, url);
        assert.equal(gunzipSync(gz.rawPayload).toString(), plain.payload, url);
        assert.equal(JSON.parse(plain.payload).links.self, url);
        assert.equal(JSON.parse(plain.payload).data[0].code, '01.405.01.09');
      }
    }
  });

  it('answers a page another URL had for the same rows without asking the catalog again, with its own links', async () => {
    const { CATALOG } = await import('@mc/contracts');
    const catalog = ctx.app().get(CATALOG) as { communes: (request: unknown) => Promise<unknown>; douars: (request: unknown) => Promise<unknown> };
    const asked: string[] = [];
    const { communes, douars } = catalog;
    catalog.communes = (request) => (asked.push('communes'), communes.call(catalog, request));
    catalog.douars = (request) => (asked.push('douars'), douars.call(catalog, request));
    try {
      // The content is kept the second time it is computed; a third URL is answered from it.
      const urls = ['/api/communes?sort=-population&page=2&type=rural', '/api/communes?type=rural&sort=-population&page=2', '/api/communes?page=2&sort=-population&type=rural&utm=x'];
      interface Page {
        data: { code: string }[];
        meta: unknown;
        links: { self: string };
      }
      const pages: Page[] = [];
      for (const url of urls.slice(0, 2)) pages.push((await ctx.get(url).expect(200)).body);
      const beforeThird = asked.length;
      assert.ok(beforeThird >= 1 && beforeThird <= 2, `${beforeThird} questions for two URLs of one content`);
      pages.push((await ctx.get(urls[2]!).expect(200)).body);
      assert.equal(asked.length, beforeThird, 'the third URL is answered without the catalog');
      pages.forEach((page, i) => {
        assert.deepEqual(page.data.map((c) => c.code), pages[0]!.data.map((c) => c.code));
        assert.deepEqual(page.meta, { datasetVersion: '1.10.0', page: 2, perPage: 50, total: 1261, totalPages: 26 });
        assert.equal(page.links.self, urls[i]);
      });
      assert.deepEqual(pages[2]!.links, {
        self: urls[2],
        prev: '/api/communes?page=1&sort=-population&type=rural&utm=x',
        next: '/api/communes?page=3&sort=-population&type=rural&utm=x',
      });
      // The last page of a commune's douars: no next page, under any URL.
      const douarUrls = ['/api/communes/09.581.03.05/douars?page=3', '/api/communes/09.581.03.05/douars?page=3&a=1', '/api/communes/09.581.03.05/douars?page=3&b=2'];
      const douarPages: { data: unknown[]; links: unknown }[] = [];
      for (const url of douarUrls.slice(0, 2)) douarPages.push((await ctx.get(url).expect(200)).body);
      const douarsAsked = asked.length;
      douarPages.push((await ctx.get(douarUrls[2]!).expect(200)).body);
      assert.equal(asked.length, douarsAsked, 'the third URL is answered without the catalog');
      assert.equal(douarPages[2]!.data.length, 34);
      assert.deepEqual(douarPages[2]!.links, { self: douarUrls[2], prev: '/api/communes/09.581.03.05/douars?page=2&b=2', next: null });
    } finally {
      catalog.communes = communes;
      catalog.douars = douars;
    }
  });

  it('asks the search service once for hits that several URLs ask for, each answer with its own self link', async () => {
    const { SEARCH } = await import('@mc/contracts');
    const search = ctx.app().get(SEARCH) as { search: (request: unknown) => Promise<unknown> };
    const original = search.search;
    let asked = 0;
    search.search = (request) => ((asked += 1), original.call(search, request));
    try {
      const urls = ['/api/search?q=ouezzane&limit=3', '/api/search?limit=3&q=ouezzane', '/api/search?q=ouezzane&limit=3&_=1'];
      const first = (await ctx.get(urls[0]!).expect(200)).body;
      await ctx.get(urls[1]!).expect(200);
      const beforeThird = asked;
      assert.ok(beforeThird >= 1 && beforeThird <= 2);
      const third = (await ctx.get(urls[2]!).expect(200)).body;
      assert.equal(asked, beforeThird, 'the third URL is answered without the search service');
      assert.deepEqual(third.data, first.data);
      assert.equal(third.data[0].code, '01.405.01.09');
      assert.deepEqual(third.meta, first.meta);
      assert.deepEqual(third.links, { self: urls[2], prev: null, next: null });
    } finally {
      search.search = original;
    }
  });

  it('answers CORS preflights and sets cache headers', async () => {
    const { default: request } = await import('supertest');
    const res = await request(ctx.app().getHttpServer()).options('/api/communes').set('Origin', 'https://example.org').set('Access-Control-Request-Method', 'GET');
    assert.equal(res.status, 204);
    assert.equal(res.headers['access-control-allow-origin'], '*');
    assert.match(res.headers['access-control-allow-methods']!, /GET/);
    const ok = await ctx.get('/api/communes/tanger').expect(200);
    assert.equal(ok.headers['cache-control'], 'public, max-age=300');
  });

  it('reports health and readiness', async () => {
    await ctx.get('/healthz').expect(200);
    const ready = await ctx.get('/readyz').expect(200);
    for (const service of ['catalog', 'search', 'geo']) assert.deepEqual(ready.body.info[service], { status: 'up', version: '1.10.0' }, service);
  });
});
