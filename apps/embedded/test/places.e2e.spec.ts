// Neighbourhood and postcode lists of communes and arrondissements (issue 13), served as the
// other child files of a unit: a static file, and its alias in every spelling of the unit.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { useApp } from './support.js';

const ctx = useApp();
/** Arbaa Ait Ahmed, the commune with the most douars (134). */
const ARBAA_AIT_AHMED = '09.581.03.05';

describe('postcodes and neighbourhoods of a unit', () => {
  it('Rabat’s postcodes: 10000 first, with its quarters; the alias answers the same file', async () => {
    const file = await ctx.get('/api/communes/04.421.01.0/postcodes.json').expect(200);
    assert.equal(file.headers['x-api-tier'], undefined, 'a static file');
    const first = file.body.data[0];
    assert.equal(first.postcode, '10000');
    assert.ok(first.quarters.includes('Mansour') && first.quarters.includes('Moulay Ismail'), first.quarters.join(', '));
    assert.ok(file.body.data.every((p: { postcode: string }) => /^\d{5}$/.test(p.postcode)));
    assert.equal(file.body.meta.total, file.body.data.length);
    const alias = await ctx.get('/api/communes/rabat/postcodes').expect(200);
    assert.equal(alias.headers['x-api-tier'], 'alias');
    assert.equal(alias.headers['content-location'], '/api/communes/04.421.01.0/postcodes.json');
    assert.deepEqual(alias.body, file.body);
  });

  it('an arrondissement’s neighbourhoods (Agdal in Agdal Riyad), and the divided city’s list naming each one’s arrondissement', async () => {
    const agdalRiyad = await ctx.get('/api/arrondissements/04.421.01.01/neighbourhoods.json').expect(200);
    const agdal = agdalRiyad.body.data.find((n: { name: { fr: string } }) => n.name.fr === 'Agdal');
    assert.deepEqual(agdal, { name: { fr: 'Agdal', ar: 'أكدال' }, source: 'OpenStreetMap', ...(agdal.postcode ? { postcode: agdal.postcode } : {}) });
    const tanger = await ctx.get('/api/communes/tanger/neighbourhoods').expect(200);
    const malabata = tanger.body.data.find((n: { name: { fr: string } }) => n.name.fr === 'Malabata');
    assert.equal(malabata.arrondissement, '01.511.01.05');
    const names = tanger.body.data.map((n: { name: { fr: string; ar: string } }) => n.name.fr || n.name.ar);
    assert.ok(names.length > 20);
  });

  it('a rural commune without named places answers an empty list; a unit that is no commune has no postcode list', async () => {
    const rural = await ctx.get('/api/communes/01.511.05.01/postcodes.json');
    assert.equal(rural.status, 200);
    const empty = await ctx.get('/api/communes/01.227.03.11/neighbourhoods.json').expect(200);
    assert.deepEqual(empty.body.data, []);
    assert.equal(empty.body.meta.total, 0);
    await ctx.expectProblem('/api/arrondissements/04.421.01.01/postcodes', 404, 'not-found');
  });
});

describe('douars of a commune (issue 14, first part)', () => {
  it('the static list and its alias in another spelling of the commune; an urban commune’s list is empty', async () => {
    const file = await ctx.get('/api/communes/01.051.03.01/douars.json').expect(200);
    assert.equal(file.body.meta.total, 25);
    assert.equal(file.body.data[0].code, '0510301201001');
    const alias = await ctx.get('/api/communes/010510301/douars').expect(200);
    assert.equal(alias.headers['x-api-tier'], 'alias');
    assert.equal(alias.headers['content-location'], '/api/communes/01.051.03.01/douars.json');
    assert.deepEqual((await ctx.get('/api/communes/tanger/douars').expect(200)).body.data, []);
    await ctx.expectProblem('/api/arrondissements/04.421.01.01/douars', 404, 'not-found');
    const fields = await ctx.get('/data/v1/douars/fields.json').expect(200);
    assert.equal(fields.body.fields.length, 35);
  });

  it('which douars are farthest from a health centre: one request, computed and paged like other lists', async () => {
    const url = '/api/communes/bni-boufrah/douars?sort=-distancesKm.healthCentre';
    const answer = await ctx.get(url).expect(200);
    assert.equal(answer.headers['x-api-tier'], 'computed');
    assert.deepEqual(answer.body.meta, { datasetVersion: '1.10.0', page: 1, perPage: 50, total: 25, totalPages: 1 });
    assert.deepEqual(answer.body.links, { self: url, prev: null, next: null });
    assert.deepEqual(answer.body.data.slice(0, 3).map((d: { code: string; distancesKm: { healthCentre: number } }) => [d.code, d.distancesKm.healthCentre]), [['0510301204003', 18.21], ['0510301204004', 18.21], ['0510301203005', 15.88]]);
    const grouped = await ctx.get('/api/communes/01.051.03.01/douars?type=grouped&min_population=200&sort=-population').expect(200);
    assert.ok(grouped.body.data.length > 0 && grouped.body.data.every((d: { type: string; population: number }) => d.type === 'grouped' && d.population >= 200));
    const populations = grouped.body.data.map((d: { population: number }) => d.population);
    assert.deepEqual(populations, [...populations].sort((a: number, b: number) => b - a));
  });

  it('pages a long list by 50: Arbaa Ait Ahmed’s 134 douars', async () => {
    assert.equal((await ctx.get('/api/communes/01.051.03.01/douars?page=1').expect(200)).body.meta.total, 25);
    const biggest = await ctx.get(`/api/communes/${ARBAA_AIT_AHMED}/douars?page=3`).expect(200);
    assert.deepEqual([biggest.body.meta.total, biggest.body.meta.totalPages, biggest.body.data.length], [134, 3, 34]);
    assert.match(biggest.body.links.prev, /page=2$/);
    assert.equal(biggest.body.links.next, null);
    await ctx.expectProblem(`/api/communes/${ARBAA_AIT_AHMED}/douars?page=4`, 404, 'not-found', /no page 4/);
  });

  it('one douar by its code: the record its commune’s list holds', async () => {
    const list = await ctx.get('/api/communes/01.051.03.01/douars.json').expect(200);
    const one = await ctx.get('/api/douars/0510301201011').expect(200);
    assert.equal(one.headers['x-api-tier'], 'computed');
    assert.deepEqual(one.body.data, list.body.data.find((d: { code: string }) => d.code === '0510301201011'));
    assert.deepEqual(one.body.links, { self: '/api/douars/0510301201011', prev: null, next: null });
  });

  it('answers a malformed or unknown douar code, and bad list parameters, with the right problem', async () => {
    await ctx.expectProblem('/api/douars/12345', 400, 'invalid-code', /12345 is not a douar code \(13 digits/);
    await ctx.expectProblem('/api/douars/0510301201999', 404, 'not-found', /no douar has code 0510301201999/);
    await ctx.expectProblem('/api/douars', 404, 'not-found');
    await ctx.expectProblem('/api/communes/01.051.03.01/douars?sort=distance', 400, 'invalid-query', /sort must be code, name, population/);
    await ctx.expectProblem('/api/communes/01.051.03.01/douars?type=village', 400, 'invalid-query', /type must be grouped, dispersed or split/);
    await ctx.expectProblem('/api/communes/01.051.03.01/douars?min_population=500&max_population=10', 400, 'invalid-query', /min_population can't be above max_population/);
    await ctx.expectProblem('/api/communes/01.051.03.01/douars?sort=population&sort=-population', 400, 'invalid-query', /sort must be given at most once/);
    await ctx.expectProblem('/api/communes/01.051/douars?sort=population', 404, 'not-found', /is a province/);
    await ctx.expectProblem('/api/communes/tanger/douars?page=2', 404, 'not-found');
    assert.deepEqual((await ctx.get('/api/communes/tanger/douars?sort=-population').expect(200)).body.data, [], 'an urban commune: an empty list');
  });

  it('search finds a douar by its Arabic name, with or without vowel marks, with its commune', async () => {
    for (const q of ['اجنانات', 'اجْنَانَات']) {
      const hits = (await ctx.get(`/api/search?q=${encodeURIComponent(q)}`).expect(200)).body.data;
      assert.deepEqual(hits[0], { code: '01.051.03.01', level: 'commune', name: { fr: 'Bni Boufrah', ar: 'بني بوفراح' }, slug: 'bni-boufrah', score: 900, matched: 'douar', douar: { code: '0510301201001', name: { ar: 'اجنانات' } } });
    }
  });
});
