// Lists join rows serialised once (prepareRowsJson): the bytes must be those of serialising
// the whole envelope, for every kind of list, and a row must not change after. The bytes
// before the links are a head shared by every URL of the same content.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { PageHeads, pageHead, prepareJson, prepareRowsJson, strongEtag, type CommuneListQuery, type StaticFile } from '@mc/contracts';
import { testBuildDir } from '@mc/test-support';
import { CatalogService, BuildFolderStore } from '../src/index.js';

let catalog: CatalogService;
const query = (url: string, fields: Partial<CommuneListQuery>): CommuneListQuery => ({ url, page: 1, sort: { key: 'code', descending: false, figure: false }, ...fields }) as CommuneListQuery;

describe('lists joined from rows serialised once', () => {
  before(async () => {
    catalog = await CatalogService.open(BuildFolderStore.open(testBuildDir()));
  });

  it('are the bytes of the whole envelope serialised, sorted by a plain key, by a figure, filtered or not', async () => {
    const queries = [
      query('/api/communes?sort=-density&page=3', { page: 3, sort: { key: 'density', descending: true, figure: false } }),
      query('/api/communes?province=01.511&type=urban', { province: '01.511', type: 'urban' }),
      query('/api/communes?sort=-economy.per1000.jobs&page=2', { page: 2, sort: { key: 'economy.per1000.jobs', descending: true, figure: true } }),
      query('/api/communes?min_population=100000&sort=name', { minPopulation: 100_000, sort: { key: 'name', descending: false, figure: false } }),
    ];
    for (const q of queries) {
      // Twice: the second time every row's JSON comes from the kept serialisation.
      for (let round = 0; round < 2; round++) {
        const envelope = await catalog.listCommunes(q);
        const joined = prepareRowsJson(q.url, envelope);
        const whole = prepareJson(q.url, envelope);
        assert.ok(joined.body.equals(whole.body), q.url);
        // The head is every byte before the links' object.
        const head = joined.sharedHead!;
        assert.equal(joined.body.subarray(head.length).toString(), `${JSON.stringify(envelope.links)}}`);
        assert.equal(joined.etag, prepareRowsJson(q.url, envelope).etag, 'the same bytes, the same ETag');
        assert.equal(joined.etag, strongEtag(head.etag + JSON.stringify(envelope.links) + '}'));
      }
    }
  });

  it('give a head a validator from its rows and meta that changes whenever one of its bytes does', async () => {
    const envelope = await catalog.listCommunes(query('/api/communes?sort=-density&page=3', { page: 3, sort: { key: 'density', descending: true, figure: false } }));
    const rows = envelope.data;
    const head = pageHead(rows, envelope.meta);
    assert.match(head.etag, /^"[A-Za-z0-9_-]{43}"$/, 'a strong validator: a SHA-256, quoted');
    assert.equal(pageHead([...rows], { ...envelope.meta }).etag, head.etag, 'the same bytes, the same validator');
    const variants = [
      pageHead([rows[1]!, rows[0]!, ...rows.slice(2)], envelope.meta),
      pageHead(rows.slice(0, -1), envelope.meta),
      pageHead(rows, { ...envelope.meta, page: 4 }),
      pageHead([...rows.slice(0, -1), rows[0]!], envelope.meta),
    ];
    for (const variant of variants) {
      assert.ok(!variant.bytes.equals(head.bytes));
      assert.notEqual(variant.etag, head.etag);
    }
    assert.equal(new Set(variants.map((v) => v.etag)).size, variants.length);
  });

  it('share a head between URLs of the same rows, and keep it the second time it is made', async () => {
    const heads = new PageHeads();
    const key = '1.10.0 communes sort=-density page=3';
    const page = (url: string) => catalog.listCommunes(query(url, { page: 3, sort: { key: 'density', descending: true, figure: false } }));
    const urls = ['/api/communes?sort=-density&page=3', '/api/communes?page=3&sort=-density', '/api/communes?sort=-density&page=3&_=1'];
    const files: StaticFile[] = [];
    for (const url of urls) files.push(prepareRowsJson(url, await page(url), { heads, key }));
    assert.equal(new Set(files.map((f) => f.sharedHead!.etag)).size, 1, 'one head');
    assert.equal(new Set(files.map((f) => f.etag)).size, 3, 'three bodies, three ETags');
    files.forEach((file, i) => {
      assert.equal(JSON.parse(file.body.toString()).links.self, urls[i]);
      assert.equal(file.body.subarray(0, file.sharedHead!.length).compare(files[0]!.body, 0, files[0]!.sharedHead!.length), 0);
    });
    // Kept on second sight: made twice (first two URLs), then served from the cache.
    assert.ok(heads.get(key));
    assert.equal(heads.size, files[0]!.sharedHead!.length);
    // Rows of page 3 are those of communes 101 to 150 by density: Ouezzane (3,002.42 people per km²) first.
    assert.equal(JSON.parse(files[0]!.body.toString()).data[0].code, '01.405.01.09');
  });

  it('filters only by what a query sets: Tanger-Assilah’s urban communes, communes of 100,000 people or more', async () => {
    const urban = await catalog.listCommunes(query('/api/communes?province=01.511&type=urban', { province: '01.511', type: 'urban' }));
    assert.ok(urban.data.length > 0 && urban.data.every((c) => c.parents.province === '01.511' && c.type === 'urban'));
    assert.equal(urban.data[0]!.code, '01.511.01.0');
    const large = await catalog.listCommunes(query('/api/communes?min_population=100000', { minPopulation: 100_000 }));
    assert.ok(large.data.every((c) => c.population['2024']!.total >= 100_000));
    const all = await catalog.listCommunes(query('/api/communes?max_population=100000000', { maxPopulation: 100_000_000 }));
    const none = await catalog.listCommunes(query('/api/communes', {}));
    assert.equal(all.meta.total, none.meta.total, 'every commune has a 2024 population under the bound');
    assert.equal(none.meta.total, 1503);
  });
});
