import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { useApp } from './support.js';

const ctx = useApp();
const { expectProblem } = ctx;

describe('a unit in every spelling', () => {
  it('answers Tanger to its dotted code, padded and unpadded digits and slug, as the same file', async () => {
    const bodies: string[] = [];
    for (const id of ['01.511.01.0', '001511010', '1511010', 'tanger']) {
      const res = await ctx.get(`/api/communes/${id}`).expect(200);
      assert.equal(res.headers['x-api-tier'], 'alias', id);
      assert.equal(res.headers['content-location'], '/api/communes/01.511.01.0.json', id);
      assert.equal(res.body.data.population['2024'].total, 1275428);
      assert.equal(res.body.links.self, '/api/communes/01.511.01.0.json');
      bodies.push(res.text);
    }
    assert.equal(new Set(bodies).size, 1);
  });

  it('serves the static file itself with no tier header', async () => {
    const res = await ctx.get('/api/communes/01.511.01.0.json').expect(200);
    assert.equal(res.headers['x-api-tier'], undefined);
    assert.equal(res.headers['access-control-allow-origin'], '*');
    assert.match(res.headers['content-type']!, /^application\/json/);
    assert.equal(res.body.data.name.ar, 'طنجة');
    assert.equal(res.body.meta.datasetVersion, '1.10.0');
  });

  it('prefers the collection level for a shared slug', async () => {
    const province = await ctx.get('/api/provinces/tiznit').expect(200);
    assert.equal(province.body.data.code, '09.581');
    const commune = await ctx.get('/api/communes/tiznit').expect(200);
    assert.equal(commune.body.data.code, '09.581.01.07');
    const accented = await ctx.get(`/api/communes/${encodeURIComponent('Tétouan')}`).expect(200);
    assert.equal(accented.body.data.slug, 'tetouan');
  });

  it('answers a unit of another level with a 404 naming the right path', async () => {
    const res = await expectProblem('/api/communes/01.511.01.05', 404, 'not-found');
    assert.equal(res.detail, '01.511.01.05 is an arrondissement, at /api/arrondissements/01.511.01.05.json');
    await expectProblem('/api/communes/06.141.01.00', 404, 'not-found', /is a province, at \/api\/provinces\/06\.141\.01\.00\.json/);
  });

  it('tells a code naming nothing (404) from one that cannot be read (400)', async () => {
    assert.equal((await expectProblem('/api/communes/99.999.99.99', 404, 'not-found')).detail, 'no unit has code 99.999.99.99');
    assert.equal((await expectProblem('/api/communes/!!!', 400, 'invalid-code')).title, 'Malformed code or slug');
  });

  it('serves every arrondissement of a divided city, and 404 for a commune without any', async () => {
    const tanger = await ctx.get('/api/communes/tanger/arrondissements').expect(200);
    assert.equal(tanger.headers['content-location'], '/api/communes/01.511.01.0/arrondissements.json');
    assert.deepEqual(tanger.body.data.map((a: { code: string }) => a.code), ['01.511.01.03', '01.511.01.05', '01.511.01.06', '01.511.01.07']);
    await expectProblem('/api/communes/01.511.01.01/arrondissements.json', 404, 'not-found');
    assert.equal((await expectProblem('/api/communes/assilah/arrondissements', 404, 'not-found')).detail, '01.511.01.01 has no arrondissements');
  });
});

describe('collections', () => {
  it('counts 12 régions, 83 provinces, 213 cercles, 41 arrondissements and 1,503 communes', async () => {
    for (const [path, total] of [
      ['/api/regions.json', 12],
      ['/api/provinces.json', 83],
      ['/api/cercles.json', 213],
      ['/api/arrondissements.json', 41],
    ] as const) {
      const res = await ctx.get(path).expect(200);
      assert.equal(res.body.meta.total, total, path);
      assert.equal(res.body.data.length, total, path);
    }
    const communes = await ctx.get('/api/communes/page/1.json').expect(200);
    assert.equal(communes.body.meta.total, 1503);
    const version = await ctx.get('/api/version.json').expect(200);
    assert.deepEqual(version.body.data.counts, { regions: 12, provinces: 83, cercles: 213, communes: 1503, arrondissements: 41 });
    assert.equal(version.body.data.api, 'v1');
    assert.equal(version.body.data.sources.datasetVersion, '1.10.0');
    assert.ok(version.body.data.sources.sources.some((s: { id: string; licence: string }) => s.id === 'osm' && s.licence === 'ODbL-1.0'));
  });

  it('aliases a bare collection name to its file', async () => {
    assert.equal((await ctx.get('/api/regions/').expect(200)).body.meta.total, 12);
    const res = await ctx.get('/api/regions').expect(200);
    assert.equal(res.headers['x-api-tier'], 'alias');
    assert.equal(res.headers['content-location'], '/api/regions.json');
    await expectProblem('/api/nonsense', 404, 'not-found');
  });

  it('holds a région with its counts and its provinces', async () => {
    const region = await ctx.get('/api/regions/01.json').expect(200);
    assert.equal(region.body.data.communeCount, 146);
    assert.equal(region.body.data.population['2024'].total, 4030222);
    const provinces = await ctx.get('/api/regions/01/provinces').expect(200);
    assert.equal(provinces.headers['content-location'], '/api/regions/01/provinces.json');
    assert.equal(provinces.body.meta.total, 8);
    const cercles = await ctx.get('/api/provinces/01.511/cercles.json').expect(200);
    assert.deepEqual(cercles.body.data.map((c: { code: string }) => c.code), ['01.511.03', '01.511.05']);
  });
});
