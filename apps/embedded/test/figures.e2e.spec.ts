import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { useApp } from './support.js';

const ctx = useApp();
const { expectProblem } = ctx;

const data = async (path: string) => (await ctx.get(path).expect(200)).body.data;

describe('census indicators', () => {
  it('has the country: legal population 36,828,330, with its 2014 block', async () => {
    const country = await data('/api/indicators.json');
    assert.deepEqual([country.code, country.codeDigits, country.level, country.name.fr], [null, null, 'country', 'Maroc']);
    assert.equal(country.people.total.all.population.legal, 36828330);
    assert.ok(country['2014'].people.total.all.population.legal > 33_000_000);
    assert.equal((await ctx.get('/api/indicators').expect(200)).headers['content-location'], '/api/indicators.json');
  });

  it('has every région, and the comparison file of régions', async () => {
    const region = await data('/api/regions/01/indicators.json');
    assert.equal(region.people.total.all.population.legal, 4030222);
    assert.equal(region.level, 'region');
    assert.ok(region['2014']);
    const all = await ctx.get('/api/regions/indicators').expect(200);
    assert.equal(all.headers['content-location'], '/api/regions/indicators.json');
    assert.equal(all.body.meta.total, 12);
  });

  it("has Dakhla's commune record with its 2014 block, in any spelling", async () => {
    const res = await ctx.get('/api/communes/dakhla/indicators').expect(200);
    assert.equal(res.headers['content-location'], '/api/communes/12.391.01.01/indicators.json');
    const dakhla = res.body.data;
    assert.equal(dakhla.code, '12.391.01.01');
    assert.equal(dakhla['2014'].people.total.all.population.legal, 106277);
    assert.deepEqual(dakhla.urbanCentres, []);
    assert.equal(typeof dakhla.people.total.all.labour.unemploymentRate, 'number');
  });

  it('marks the local-administration communes and has the arrondissements', async () => {
    const mijik = await data('/api/communes/12.391.05.05/indicators.json');
    assert.equal(mijik.fromLocalAdministration, true);
    const arrondissement = await data('/api/arrondissements/01.511.01.05/indicators');
    assert.equal(arrondissement.level, 'arrondissement');
    assert.equal((await data('/api/arrondissements/indicators.json')).length, 41);
  });

  it('has every province and cercle from the census CSVs, and answers 404 for the wrong collection', async () => {
    const res = await ctx.get('/api/provinces/tanger-assilah/indicators').expect(200);
    assert.equal(res.headers['content-location'], '/api/provinces/01.511/indicators.json');
    assert.equal(res.body.data.people.total.all.population.legal, 1494413);
    assert.deepEqual(res.body.data.missingTopics, ['commute']);
    const cercles = await ctx.get('/api/cercles/indicators').expect(200);
    assert.equal(cercles.headers['content-location'], '/api/cercles/indicators.json');
    assert.equal(cercles.body.meta.total, 213);
    await expectProblem('/api/regions/tanger/indicators', 404, 'not-found', /tanger \(01\.511\.01\.0\) is a commune, at \/api\/communes\/01\.511\.01\.0\/indicators\.json/);
    await expectProblem('/api/regions/!!!/indicators', 400, 'invalid-code');
  });
});

describe('establishments', () => {
  it('has the country: 1,304,564 establishments', async () => {
    const country = await data('/api/economy.json');
    assert.equal(country.topics.establishments.total, 1304564);
    assert.equal(country.basis, undefined);
  });

  it('has every level, provinces and cercles included', async () => {
    assert.equal((await data('/api/regions/01/economy')).topics.establishments.total, 145036);
    assert.equal((await data('/api/provinces/01.511/economy')).level, 'province');
    assert.equal((await data('/api/cercles/01.511.05/economy')).level, 'cercle');
    assert.equal((await data('/api/provinces/economy.json')).length, 83);
  });

  it('gives a divided city the exact sum of its arrondissements, marked arrondissement_sum', async () => {
    const city = await data('/api/communes/tanger/economy');
    assert.equal(city.basis, 'arrondissement_sum');
    const parts = await Promise.all(['01.511.01.03', '01.511.01.05', '01.511.01.06', '01.511.01.07'].map((c) => data(`/api/arrondissements/${c}/economy.json`)));
    for (const topic of Object.keys(city.topics)) {
      for (const key of Object.keys(city.topics[topic])) {
        assert.equal(city.topics[topic][key], parts.reduce((n, p) => n + p.topics[topic][key], 0), `${topic}.${key}`);
      }
    }
    assert.equal((await data('/api/communes/assilah/economy')).basis, undefined);
  });
});

describe('urban housing', () => {
  it('has the country: 8,336,782 urban dwellings', async () => {
    const country = await data('/api/housing.json');
    assert.equal(country.topics.dwellings.total, 8336782);
    assert.equal(country.topics.occupancy.occupied, 71.1);
  });

  it('holds urban centres inside their commune', async () => {
    const commune = await data('/api/communes/01.511.05.07/housing');
    assert.deepEqual(commune.urbanCentres.map((c: { name: { fr: string } }) => c.name.fr), ['Dar Chaoui']);
    assert.equal(commune.urbanCentres[0].level, 'urbanCentre');
  });

  it('answers 404 for a unit without urban dwellings', async () => {
    await expectProblem('/api/communes/01.051.03.01/housing', 404, 'not-found', /01\.051\.03\.01 has no urban dwellings/);
    await expectProblem('/api/communes/01.051.03.01/housing.json', 404, 'not-found');
    assert.equal((await data('/api/regions/housing.json')).length, 12);
  });
});

describe('field catalogues', () => {
  it('serves the four catalogues under /data/v1/', async () => {
    for (const path of ['/data/v1/indicators/fields.json', '/data/v1/indicators/2014/fields.json', '/data/v1/economy/fields.json', '/data/v1/housing/fields.json']) {
      const res = await ctx.get(path).expect(200);
      assert.ok(res.body.source, path);
    }
  });
});

describe('sorting communes by a figure', () => {
  const rows = async (query: string) => (await ctx.get(`/api/communes?${query}`).expect(200)).body.data as any[];

  it('sorts by -economy.establishments.jobs: Casablanca first, summed from its arrondissements', async () => {
    const list = await rows('sort=-economy.establishments.jobs');
    assert.equal(list[0].code, '06.141.01.0');
    assert.deepEqual(list[0].indicator, { path: 'economy.establishments.jobs', value: 712801 });
    assert.equal(list[0].basis, 'arrondissement_sum');
    assert.ok(list.every((c) => c.indicator.path === 'economy.establishments.jobs'));
    for (let i = 1; i < list.length; i++) assert.ok(list[i - 1].indicator.value >= list[i].indicator.value);
  });

  it('sorts by economy.per1000.jobs, a derived value', async () => {
    const list = await rows('sort=-economy.per1000.jobs&type=urban');
    assert.ok(list.every((c) => c.derived === true && typeof c.indicator.value === 'number'));
    const top = list[0];
    const economy = await data(`/api/communes/${top.code}/economy.json`);
    assert.equal(top.indicator.value, Math.round(((economy.topics.establishments.jobs * 1000) / top.population['2024'].total) * 1e6) / 1e6);
  });

  it('sorts by labour.unemploymentRate, communes without figures last in both directions', async () => {
    for (const sort of ['labour.unemploymentRate', '-labour.unemploymentRate']) {
      const list = await rows(`sort=${sort}`);
      assert.equal(list[0].indicator.path, 'labour.unemploymentRate');
      assert.equal(typeof list[0].indicator.value, 'number', sort);
    }
    const last = await rows('sort=-labour.unemploymentRate&page=31');
    assert.ok(last.every((c) => c.indicator.value === null));
    const region = await rows('region=12&sort=-labour.unemploymentRate');
    assert.deepEqual([region[0].code, region[0].indicator.value], ['12.391.01.01', 12.8]);
  });

  it('sorts by change of a comparable figure between the censuses', async () => {
    const list = await rows('region=12&sort=change.illiteracy.rate10Plus');
    assert.ok(list.every((c) => c.indicator.path === 'change.illiteracy.rate10Plus'));
    const first = list[0];
    const record = await data(`/api/communes/${first.code}/indicators.json`);
    const expected = record.people.total.all.illiteracy.rate10Plus - record['2014'].people.total.all.illiteracy.rate10Plus;
    assert.equal(first.indicator.value, Math.round(expected * 1e6) / 1e6);
    const then = await rows('region=12&sort=2014.illiteracy.rate10Plus');
    assert.equal(then[0].indicator.path, '2014.illiteracy.rate10Plus');
  });

  it('refuses an unknown path with the valid keys of its topic, and change. on a non-comparable figure', async () => {
    await expectProblem('/api/communes?sort=-labour.unemployment', 400, 'invalid-query', /labour has .*labour\.unemploymentRate/);
    await expectProblem('/api/communes?sort=bananas.split', 400, 'invalid-query', /must be one of population, sex, age/);
    await expectProblem('/api/communes?sort=change.maritalStatus.single', 400, 'invalid-query', /the 2014 census did not ask maritalStatus\.single the same way/);
    await expectProblem('/api/communes?sort=economy.sector.mining', 400, 'invalid-query', /sector has economy\.sector\.industry/);
  });
});
