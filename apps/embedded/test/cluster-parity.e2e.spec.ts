/**
 * Cluster mode answers as embedded mode, byte for byte: the same URLs, asked of the embedded
 * app and of the stack (redis-server, catalog, search, two geo replicas and the gateway as
 * separate processes), give the same status, body bytes and headers.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { BuildManifest } from '@mc/contracts';
import { fuzz } from '@mc/fuzz';
import { DATASET_DIR, startStack, testBuildDir, testBuildRoot, type Stack } from '@mc/test-support';
import request from 'supertest';
import { BASE_URL, useApp } from './support.js';

const ctx = useApp();
let stack: Stack;
before(async () => {
  stack = await startStack({ datasetDir: DATASET_DIR, buildRoot: testBuildRoot(), publicBaseUrl: BASE_URL });
});
after(() => stack?.stop());

const HEADERS = ['content-type', 'etag', 'x-api-tier', 'content-location', 'cache-control', 'content-encoding', 'retry-after', 'allow', 'access-control-allow-origin'];

/** Every route family and error case, plus a spread of the static tree. */
function urls(): string[] {
  const manifest = JSON.parse(readFileSync(join(testBuildDir(), 'manifest.json'), 'utf8')) as BuildManifest;
  const files = Object.keys(manifest.files).sort();
  const spread = files.filter((_, i) => i % 45 === 0);
  return [
    ...spread,
    '/api/version.json', '/api/regions.json', '/api/provinces.json', '/api/cercles.json', '/api/arrondissements.json', '/api/openapi.json', '/api/tiles.json',
    '/api/indicators.json', '/api/economy.json', '/api/housing.json', '/data/v1/indicators/fields.json',
    // aliases, every spelling, geometry and figures
    '/api/communes/tanger', '/api/communes/001511010', '/api/communes/1511010', '/api/communes/01.511.01.0', '/api/communes/tanger/', '/api/regions', '/api/regions/01',
    '/api/regions/tanger-tetouan-al-hoceima/provinces', '/api/provinces/01.511/cercles', '/api/regions/01/communes?page=2', '/api/cercles/01.511.05/communes',
    '/api/communes/tanger/arrondissements', '/api/communes/tanger/neighbours', '/api/communes/tanger/boundary', '/api/provinces/01.511/boundary', '/api/regions/12/boundary',
    '/api/arrondissements/01.511.01.05/boundary', '/api/communes/dakhla/indicators', '/api/provinces/tanger-assilah/indicators', '/api/regions/01/economy', '/api/communes/01.511.01.0/housing',
    '/api/regions/indicators', '/api/cercles/indicators', '/api/tiles', '/api/communes/04.281.05.11/neighbours', '/api/communes/04.281.05.11/boundary',
    // computed
    '/api/communes', '/api/communes?page=3', '/api/communes?type=rural&page=2', '/api/communes?region=01&province=01.511', '/api/communes?sort=-population&page=2',
    '/api/communes?sort=name&region=12', '/api/communes?min_population=100000&sort=-density', '/api/communes?sort=-labour.unemploymentRate&region=03',
    '/api/communes?sort=change.illiteracy.rate10Plus', '/api/communes?sort=-economy.per1000.jobs&province=tanger-assilah', '/api/communes?q=fes', '/api/communes?q=Mogador',
    '/api/search?q=tanger', '/api/search?q=casa&levels=commune,arrondissement&limit=5', '/api/search?q=ktama', '/api/search?q=1511010', '/api/search?q=%D8%B7%D9%86%D8%AC%D8%A9',
    '/api/communes/at?lat=35.786&lng=-5.8125', '/api/communes/at?lat=33.59&lng=-7.6', '/api/communes/at?lat=23.7&lng=-15.93',
    '/api/communes/near?lat=34.02&lng=-6.83', '/api/communes/near?lat=31.63&lng=-8&radius=50&limit=50',
    '/api/communes/bni-boufrah/douars?sort=-distancesKm.healthCentre', '/api/communes/01.051.03.01/douars?type=grouped&min_population=200', '/api/douars/0510301201001',
    '/api/search?q=%D8%A7%D8%AC%D9%86%D8%A7%D9%86%D8%A7%D8%AA', '/api/search?q=jnanat&limit=20', '/api/douars/123', '/api/douars/0510301201999', '/api/communes/01.051.03.01/douars?sort=nope',
    // problems
    '/api/communes/nowhere', '/api/communes/!!!', '/api/regions/tanger', '/api/regions/tanger/indicators', '/api/regions/tanger/boundary', '/api/communes/01.051.03.01/housing',
    '/api/nothing.json', '/api/communes/tanger.json', '/elsewhere', '/api/bananas/1', '/api/regions/01/communes?page=99', '/api/regions/01/communes?page=x',
    '/api/communes?region=01.511', '/api/communes?region=99', '/api/communes?page=0', '/api/communes?page=9999', '/api/communes?sort=bogus', '/api/communes?sort=labour.nothing',
    '/api/communes?q=fes&region=01', '/api/search', '/api/search?q=', `/api/search?q=${'a'.repeat(101)}`, '/api/search?q=fes&limit=51', '/api/search?q=fes&levels=town',
    '/api/communes/at?lat=36.5&lng=-12', '/api/communes/at?lat=91&lng=0', '/api/communes/at', '/api/communes/near?lat=34&lng=-6&radius=0', '/api/communes/near?lat=34&lng=-6&radius=101',
    '/api/communes/%E0%A4%A', '/docs/api/',
  ];
}

describe('cluster mode answers as embedded mode', () => {
  it('gives every URL the same status, body bytes and headers', async () => {
    const list = urls();
    assert.ok(list.length > 300, `${list.length} URLs`);
    const differences: string[] = [];
    for (const url of list) {
      for (const encoding of ['identity', ...(url.length % 7 === 0 ? ['br', 'gzip'] : [])]) {
        const [embedded, cluster] = await Promise.all([
          ctx.get(url).set('Accept-Encoding', encoding).buffer(true).parse((res, done) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => done(null, Buffer.concat(chunks)));
          }),
          request(stack.gatewayUrl).get(url).set('Accept-Encoding', encoding).buffer(true).parse((res, done) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => done(null, Buffer.concat(chunks)));
          }),
        ]);
        const where = `${url} (${encoding})`;
        if (embedded.status !== cluster.status) differences.push(`${where}: status ${embedded.status} vs ${cluster.status}: ${String(cluster.body).slice(0, 200)}`);
        else if (!(embedded.body as Buffer).equals(cluster.body as Buffer)) differences.push(`${where}: bodies differ`);
        for (const header of HEADERS) {
          if (embedded.headers[header] !== cluster.headers[header]) differences.push(`${where}: ${header} ${embedded.headers[header]} vs ${cluster.headers[header]}`);
        }
      }
    }
    assert.deepEqual(differences, []);
  });

  it('keeps every promise under the fuzzer too (seed 3), through the gateway and its services', async () => {
    const report = await fuzz({ url: stack.gatewayUrl, seed: 3, count: 3000, concurrency: 4 });
    assert.deepEqual(report.failures, []);
  });

  it('is ready, reporting each service with its dataset version', async () => {
    const ready = await request(stack.gatewayUrl).get('/readyz').expect(200);
    for (const service of ['catalog', 'search', 'geo']) assert.deepEqual(ready.body.info[service], { status: 'up', version: '1.10.0' });
  });

  it('exposes metrics: upstream calls and caches on the gateway, routes, versions and caches on the services', async () => {
    const gateway = (await request(stack.gatewayUrl).get('/metrics').expect(200)).text;
    assert.match(gateway, /^mc_upstream_seconds_count\{service="catalog"\} [1-9]/m);
    assert.match(gateway, /^mc_upstream_seconds_count\{service="geo"\} [1-9]/m);
    assert.match(gateway, /^mc_cache_lookups_total\{cache="gateway-responses",result="miss"\} [1-9]/m);
    const catalog = (await request(`http://127.0.0.1:${stack.ports.catalog}`).get('/metrics').expect(200)).text;
    assert.match(catalog, /^mc_requests_total\{route="\/internal\/v1\/lookup\/\*",status="200"\} [1-9]/m);
    assert.match(catalog, /^mc_dataset_info\{service="catalog",version="1\.10\.0"\} 1$/m);
    assert.match(catalog, /^mc_cache_lookups_total\{cache="catalog-files",result="hit"\} [1-9]/m);
    assert.match(catalog, /^mc_request_seconds_bucket\{le="0\.005",route="\/internal\/v1\/communes"\} [1-9]/m);
  });
});
