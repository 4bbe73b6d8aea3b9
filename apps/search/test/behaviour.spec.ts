/**
 * The behavioural suite of search, run against both engines on the real dataset: the embedded
 * engine, and the Meilisearch engine against the local HTTP double loaded by the ETL.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DEFAULT_MEILI_INDEX, readSearchDocuments, type Level, type SearchHit } from '@mc/contracts';
import { loadMeilisearch } from '@mc/etl';
import { MeiliDouble, testBuildDir } from '@mc/test-support';
import { createSearchService, type SearchService } from '../src/index.js';

const double = new MeiliDouble();
const services: Record<string, SearchService> = {};

before(async () => {
  const dir = testBuildDir();
  await double.start();
  await loadMeilisearch(readSearchDocuments(dir), { url: double.url, indexUid: DEFAULT_MEILI_INDEX });
  services.embedded = createSearchService(dir);
  services.meilisearch = createSearchService(dir, { url: double.url });
});
after(() => double.stop());

const summary = (hits: SearchHit[]) => hits.map((h) => `${h.code} ${h.level} ${h.matched} ${h.score}`);

for (const engine of ['embedded', 'meilisearch'] as const) {
  describe(`search with the ${engine} engine`, () => {
    const search = (q: string, limit = 10, levels: Level[] | null = null) => services[engine]!.hits({ q, levels, limit });

    it('uses the engine it was given', () => {
      assert.equal(services[engine]!.engineName, engine);
    });

    it('folds Arabic vowel marks and tatweel: طَنــْجَة is Tanger', async () => {
      const [first] = await search('طَنــْجَة');
      assert.equal(first?.code, '01.511.01.0');
      assert.equal(first?.matched, 'exact');
    });

    it('folds accents in either direction', async () => {
      for (const q of ['Tetouan', 'Tétouan', 'TÉTOUAN']) assert.equal((await search(q))[0]?.code, '01.571.01.11', q);
      assert.equal((await search('fes'))[0]?.name.fr, 'Fès');
      assert.equal((await search('laâyoune'))[0]?.code, '11.321.01.03');
    });

    it('ranks exact matches, then the longer names they begin', async () => {
      assert.deepEqual(summary(await search('tanger', 4)), [
        '01.511.01.0 commune exact 1000',
        '01.511.05 cercle exact 1000',
        '01.511 province prefix 492',
        '01 region prefix 481',
      ]);
      const [casa] = await search('casa');
      assert.deepEqual([casa?.code, casa?.matched, casa?.score], ['06.141.01.0', 'prefix', 494]);
      assert.ok((await search('ta')).some((h) => h.code === '03.561.01.11'), 'Taza from a 2-letter prefix');
    });

    it('finds exonyms as aliases', async () => {
      for (const [q, code] of [
        ['Mogador', '07.211.01.05'],
        ['mazagão', '06.181.01.03'],
        ['Port Lyautey', '04.281.01.01'],
        ['tanja', '01.511.01.0'],
        ['Villa Cisneros', '12.391.01.01'],
      ]) {
        const [first] = await search(q!);
        assert.deepEqual([first?.code, first?.matched, first?.score], [code, 'alias', 1000], q);
      }
      // Anfa is an arrondissement, not another name of Casablanca.
      assert.deepEqual([(await search('anfa'))[0]?.level, (await search('anfa'))[0]?.matched], ['arrondissement', 'exact']);
    });

    it('finds spellings by their consonant skeleton', async () => {
      for (const [q, code] of [
        ['ktama', '01.051.09.15'],
        ['titwan', '01.571.01.11'],
        ['l3ayoun', '11.321.01.03'],
        ['souira', '07.211.01.05'],
      ]) {
        const [first] = await search(q!);
        assert.equal(first?.code, code, q);
        assert.equal(first?.matched, 'spelling', q);
        assert.ok(first!.score >= 300 && first!.score <= 400, q);
      }
    });

    it('answers code queries in the three digit spellings, without name search', async () => {
      for (const q of ['01.511.01.0', '001511010', '1511010']) assert.deepEqual(summary(await search(q)), ['01.511.01.0 commune code 1000'], q);
      assert.deepEqual(await search('99.999.99.99'), []);
    });

    it('filters by level', async () => {
      const provinces = await search('tanger', 10, ['province']);
      assert.ok(provinces.length > 0);
      assert.ok(provinces.every((h) => h.level === 'province'));
      assert.deepEqual(summary(await search('1511010', 10, ['cercle'])), []);
    });

    it('orders hits deterministically and keeps to the limit', async () => {
      const first = await search('sidi', 50);
      const again = await search('sidi', 50);
      assert.deepEqual(first, again);
      assert.equal(first.length, 50);
      for (let i = 1; i < first.length; i++) assert.ok(first[i - 1]!.score >= first[i]!.score);
      assert.equal((await search('sidi', 3)).length, 3);
      assert.deepEqual(await search('!!!'), []);
    });
    it('finds the Rabat arrondissement that holds Agdal, below the unit named Agdal (issue 13)', async () => {
      const hits = await search('Agdal', 50);
      assert.deepEqual([hits[0]?.code, hits[0]?.matched, hits[0]?.score], ['03.231.01.01', 'exact', 1000], 'an exact unit name outranks any neighbourhood');
      const rabat = hits.find((h) => h.code === '04.421.01.01');
      assert.deepEqual([rabat?.level, rabat?.matched, rabat?.score, rabat?.neighbourhood?.fr], ['arrondissement', 'neighbourhood', 950, 'Agdal']);
      assert.equal(rabat?.neighbourhood?.ar, 'أكدال');
      assert.ok(hits.every((h) => h.matched !== 'neighbourhood' || h.score <= 950));
    });

    it('finds a quarter by the name it begins, an Arabic-only place, and a Tanger quarter in its arrondissement', async () => {
      const hayRi = await search('Hay Ri', 20);
      assert.ok(hayRi.some((h) => h.matched === 'neighbourhood' && h.neighbourhood?.fr === 'Hay Riad' && h.score === 448), JSON.stringify(hayRi.slice(0, 3)));
      const [kharba] = await search('الخربة');
      assert.deepEqual([kharba?.code, kharba?.matched, kharba?.neighbourhood?.ar], ['01.051.03.03', 'neighbourhood', 'الخربة']);
      const malabata = (await search('Malabata')).find((h) => h.matched === 'neighbourhood');
      assert.deepEqual([malabata?.code, malabata?.level], ['01.511.01.05', 'arrondissement'], 'Malabata is in Tanger’s Mghogha arrondissement');
      assert.deepEqual(await search('ag', 50).then((hits) => hits.filter((h) => h.matched === 'neighbourhood')), [], 'no neighbourhood match under 3 characters');
    });

    it('finds a douar by its Arabic name, with or without vowel marks, returning it with its commune (issue 14)', async () => {
      for (const q of ['اجنانات', 'اجْنَانَات', 'اجنانــات']) {
        const hits = await search(q);
        const bniBoufrah = hits.find((h) => h.code === '01.051.03.01');
        assert.deepEqual([bniBoufrah?.level, bniBoufrah?.matched, bniBoufrah?.score, bniBoufrah?.name.fr, bniBoufrah?.douar], ['commune', 'douar', 900, 'Bni Boufrah', { code: '0510301201001', name: { ar: 'اجنانات' } }], q);
        assert.deepEqual(hits.filter((h) => h.matched === 'douar').map((h) => h.douar!.code), ['0510301201001', '5310923202032'], 'the two douars of that name, by commune code');
      }
      assert.deepEqual(await search('ab', 50).then((hits) => hits.filter((h) => h.matched === 'douar')), [], 'no douar match under 3 characters');
    });

    it('ranks a douar below the unit and the neighbourhood of the same name', async () => {
      const hits = (await search('تزاغين', 5)).map((h) => `${h.code} ${h.matched} ${h.score}`);
      assert.deepEqual(hits.slice(0, 3), ['02.167.15.13 exact 1000', '02.113.05.19 neighbourhood 950', '01.051.11.01 douar 900']);
    });

    it('finds a douar by a Latin spelling of its skeleton, below every name match of units and places', async () => {
      const hits = await search('Jnanat', 20);
      const douars = hits.filter((h) => h.matched === 'douar');
      assert.deepEqual(douars.map((h) => [h.code, h.douar!.code, h.score]), [['01.051.03.01', '0510301201001', 150], ['03.531.09.23', '5310923202032', 150], ['07.351.07.11', '3510711205012', 150]]);
      const firstDouar = hits.indexOf(douars[0]!);
      assert.ok(hits.slice(0, firstDouar).every((h) => h.matched === 'neighbourhood' && h.score > 150), 'the Jnanate quarters first');
      assert.ok(hits.slice(firstDouar + douars.length).every((h) => h.matched === 'trigram' && h.score < 150));
      assert.deepEqual((await search('Jnanat', 20, ['province'])).filter((h) => h.matched === 'douar'), [], 'levels= filters douar matches: they are communes’');
    });
  });
}

describe('both engines', () => {
  it('return the same name, exonym, prefix, spelling, neighbourhood, postcode and douar matches for the same queries', async () => {
    for (const q of ['tanger', 'rabat', 'casa', 'Mogador', 'ktama', 'fes', 'marrakech', 'oujda', 'الرباط', 'agadir', 'sale', 'meknes', 'Agdal', 'Maarif', 'Hay Riad', 'Malabata', '10000', '12013', 'اجنانات', 'تزاغين', 'Jnanat', 'Ouled Ali']) {
      const strong = (hits: SearchHit[]) => summary(hits.filter((h) => h.matched !== 'trigram'));
      const [a, b] = await Promise.all([services.embedded!.hits({ q, levels: null, limit: 20 }), services.meilisearch!.hits({ q, levels: null, limit: 20 })]);
      assert.deepEqual(strong(b), strong(a), q);
    }
  });
});

describe('postcodes (issue 13)', () => {
  it('a postcode answers the communes it serves, below a code that reads the same', async () => {
    const [rabat, ...others] = await services.embedded!.hits({ q: '10000', levels: null, limit: 10 });
    assert.deepEqual([rabat?.code, rabat?.matched, rabat?.score, rabat?.postcode], ['04.421.01.0', 'postcode', 950, '10000']);
    assert.deepEqual(others, []);
    const shared = await services.embedded!.hits({ q: '12013', levels: null, limit: 10 });
    assert.deepEqual(shared.map((h) => [h.code, h.matched]), [['04.501.01.09', 'postcode'], ['08.201.01.05', 'postcode']]);
    assert.deepEqual((await services.embedded!.hits({ q: '12013', levels: ['region'], limit: 10 })).map((h) => h.code), [], 'levels= filters postcode matches too');
  });
});
