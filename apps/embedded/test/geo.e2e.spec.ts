import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { useApp } from './support.js';

const ctx = useApp();
const { expectProblem } = ctx;

describe('GET /api/communes/at', () => {
  it("answers Tanger and its arrondissement for a point in Tangier's medina", async () => {
    const res = await ctx.get('/api/communes/at?lat=35.786&lng=-5.8125').expect(200);
    assert.equal(res.headers['x-api-tier'], 'computed');
    assert.equal(res.headers['content-location'], '/api/communes/01.511.01.0.json');
    assert.equal(res.body.data.code, '01.511.01.0');
    assert.equal(res.body.data.population['2024'].total, 1275428);
    assert.deepEqual(res.body.data.arrondissement, { code: '01.511.01.07', name: { fr: 'Médina', ar: 'المدينة' } });
    assert.equal(res.body.links.self, '/api/communes/01.511.01.0.json');
  });

  it('answers null arrondissement outside the divided cities', async () => {
    const assilah = (await ctx.get('/api/communes/01.511.01.01.json')).body.data;
    const res = await ctx.get(`/api/communes/at?lat=${assilah.centroid.lat}&lng=${assilah.centroid.lng}`).expect(200);
    assert.equal(res.body.data.code, '01.511.01.01');
    assert.equal(res.body.data.arrondissement, null);
  });

  it('answers 404 at sea and abroad, 400 for a bad coordinate', async () => {
    await expectProblem('/api/communes/at?lat=36.5&lng=-12', 404, 'not-found', /no commune boundary contains 36.5, -12/);
    await expectProblem('/api/communes/at?lat=37&lng=-4', 404, 'not-found');
    await expectProblem('/api/communes/at?lat=35.786', 400, 'invalid-query', /lng is required/);
    await expectProblem('/api/communes/at?lat=91&lng=-5', 400, 'invalid-query', /lat is required and must be a number between -90 and 90/);
    await expectProblem('/api/communes/at?lat=35&lng=-181', 400, 'invalid-query', /lng/);
    await expectProblem('/api/communes/at?lat=0x10&lng=-5', 400, 'invalid-query', /lat/);
  });
});

describe('GET /api/communes/near', () => {
  it('lists communes nearest first with distances to 3 decimals', async () => {
    const res = await ctx.get('/api/communes/near?lat=34.02&lng=-6.83&radius=20&limit=50').expect(200);
    assert.equal(res.headers['x-api-tier'], 'computed');
    const hits = res.body.data as Array<{ code: string; distanceKm: number }>;
    assert.ok(hits.length > 5);
    assert.equal(res.body.meta.total, hits.length);
    for (let i = 1; i < hits.length; i++) assert.ok(hits[i - 1]!.distanceKm <= hits[i]!.distanceKm);
    assert.ok(hits.every((h) => h.distanceKm <= 20 && /^\d+(\.\d{1,3})?$/.test(String(h.distanceKm))));
  });

  it('takes the defaults: radius 10 km, 10 hits', async () => {
    const res = await ctx.get('/api/communes/near?lat=33.59&lng=-7.6').expect(200);
    // Within 10 km of central Casablanca: the Méchouar, the city's centroid and Dar Bouazza's.
    assert.deepEqual(res.body.data.map((h: { code: string }) => h.code), ['06.141.01.81', '06.141.01.0', '06.355.01.01']);
    assert.ok(res.body.data.every((h: { distanceKm: number }) => h.distanceKm > 0 && h.distanceKm <= 10));
    const capped = await ctx.get('/api/communes/near?lat=33.59&lng=-7.6&radius=100').expect(200);
    assert.equal(capped.body.data.length, 10, 'the default limit is 10');
  });

  it('never returns the commune without a centroid', async () => {
    const res = await ctx.get('/api/communes/near?lat=34.26&lng=-6.58&radius=100&limit=50').expect(200);
    assert.equal(res.body.data.length, 50);
    assert.ok(!res.body.data.some((h: { code: string }) => h.code === '04.281.05.11'));
  });

  it('validates every bound: missing, empty, non-numeric, out of range', async () => {
    await expectProblem('/api/communes/near?lng=-7.59', 400, 'invalid-query', /lat is required/);
    await expectProblem('/api/communes/near?lat=&lng=-7.59', 400, 'invalid-query', /lat is required/);
    await expectProblem('/api/communes/near?lat=abc&lng=-7', 400, 'invalid-query', /lat/);
    await expectProblem('/api/communes/near?lat=33&lng=', 400, 'invalid-query', /lng/);
    await expectProblem('/api/communes/near?lat=-90.5&lng=-7', 400, 'invalid-query', /lat/);
    await expectProblem('/api/communes/near?lat=33&lng=-7&radius=9999', 400, 'invalid-query', /radius must be a number in km, above 0 and at most 100/);
    await expectProblem('/api/communes/near?lat=33&lng=-7&radius=0', 400, 'invalid-query', /radius/);
    await expectProblem('/api/communes/near?lat=33&lng=-7&radius=-1', 400, 'invalid-query', /radius/);
    await expectProblem('/api/communes/near?lat=33&lng=-7&radius=', 400, 'invalid-query', /radius/);
    await expectProblem('/api/communes/near?lat=33&lng=-7&limit=0', 400, 'invalid-query', /limit must be a whole number between 1 and 50/);
    await expectProblem('/api/communes/near?lat=33&lng=-7&limit=51', 400, 'invalid-query', /limit/);
    await expectProblem('/api/communes/near?lat=33&lng=-7&limit=2.5', 400, 'invalid-query', /limit/);
    const widest = (await ctx.get('/api/communes/near?lat=33&lng=-7&radius=100&limit=50').expect(200)).body;
    assert.equal(widest.data.length, 50, 'the largest radius and limit are taken');
    assert.ok(widest.data.every((h: { distanceKm: number }) => h.distanceKm <= 100));
    assert.deepEqual((await ctx.get('/api/communes/near?lat=33&lng=-7&radius=0.5').expect(200)).body.data, [], 'no centroid within 500 m');
  });
});

describe('neighbours and boundaries', () => {
  it('aliases neighbours in any spelling, longest border first', async () => {
    const res = await ctx.get('/api/communes/tanger/neighbours').expect(200);
    assert.equal(res.headers['x-api-tier'], 'alias');
    assert.equal(res.headers['content-location'], '/api/communes/01.511.01.0/neighbours.json');
    assert.ok(res.body.data.length >= 3);
    assert.deepEqual(Object.keys(res.body.data[0]), ['code', 'name', 'km']);
    const empty = await ctx.get('/api/communes/04.281.05.11/neighbours').expect(200);
    assert.deepEqual(empty.body.data, []);
    await expectProblem('/api/communes/99.999.99.99/neighbours', 404, 'not-found');
    await expectProblem('/api/communes/!!!/neighbours', 400, 'invalid-code');
  });

  it('serves boundaries as GeoJSON, by file and by alias', async () => {
    const file = await ctx.get('/api/communes/01.511.01.0/boundary.geojson').expect(200);
    assert.match(file.headers['content-type']!, /^application\/geo\+json/);
    assert.equal(file.headers['x-api-tier'], undefined);
    assert.equal(JSON.parse(file.text).properties.code, '01.511.01.0');
    const alias = await ctx.get('/api/provinces/tanger-assilah/boundary').expect(200);
    assert.equal(alias.headers['content-location'], '/api/provinces/01.511/boundary.geojson');
    await expectProblem('/api/communes/04.281.05.11/boundary', 404, 'not-found', /04.281.05.11 has no boundary/);
    const city = await ctx.get('/api/communes/01.511.01.0/arrondissements.geojson').expect(200);
    assert.equal(JSON.parse(city.text).features.length, 4);
  });

  it('serves the tile index and its tiles', async () => {
    const index = await ctx.get('/api/tiles.json').expect(200);
    const { z, x, y } = index.body.data[0];
    const tile = await ctx.get(`/api/tiles/${z}/${x}/${y}.json`).expect(200);
    assert.equal(tile.body.data.type, 'FeatureCollection');
    // The extensionless index is an alias the geo service answers, like every geometry route.
    const alias = await ctx.get('/api/tiles').expect(200);
    assert.equal(alias.headers['content-location'], '/api/tiles.json');
    assert.equal(alias.headers['x-api-tier'], 'alias');
  });
});
