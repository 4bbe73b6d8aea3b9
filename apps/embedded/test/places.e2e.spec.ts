// Neighbourhood and postcode lists of communes and arrondissements (issue 13), served as the
// other child files of a unit: a static file, and its alias in every spelling of the unit.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { useApp } from './support.js';

const ctx = useApp();

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
});
