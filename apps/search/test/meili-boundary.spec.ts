/** The Meilisearch engine at its boundary: what the ETL and the engine send, what comes back. */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { readSearchDocuments, type SearchDocumentsFile } from '@mc/contracts';
import { loadMeilisearch } from '@mc/etl';
import { MeiliDouble, testBuildDir } from '@mc/test-support';
import { register } from 'prom-client';
import { createSearchService } from '../src/index.js';

let file: SearchDocumentsFile;
let dir: string;
const double = new MeiliDouble();

before(async () => {
  dir = testBuildDir();
  file = readSearchDocuments(dir);
  await double.start();
});
after(() => double.stop());

describe('loading an index (ETL)', () => {
  it('creates a versioned index, configures it, fills it and renames it in', async () => {
    const result = await loadMeilisearch(file, { url: double.url, indexUid: 'units' });
    assert.deepEqual(result, { loaded: true, indexUid: 'units' });
    const [create] = double.requestsTo('POST', /^\/indexes$/);
    assert.deepEqual(create!.body, { uid: 'units-1-10-0', primaryKey: 'id' });
    const [settings] = double.requestsTo('PATCH', /^\/indexes\/units-1-10-0\/settings$/);
    assert.deepEqual(settings!.body.searchableAttributes, ['names', 'aliases', 'skeletons', 'neighbourhoods', 'douars', 'douarSkeletons']);
    assert.deepEqual(settings!.body.filterableAttributes, ['level']);
    assert.deepEqual(settings!.body.synonyms.mogador, ['essaouira']);
    assert.deepEqual(settings!.body.synonyms['dar el beida'], ['casablanca']);
    assert.equal(Object.keys(settings!.body.synonyms).length, 18);
    assert.deepEqual(settings!.body.typoTolerance.disableOnAttributes, ['skeletons', 'douarSkeletons']);
    const [documents] = double.requestsTo('POST', /^\/indexes\/units-1-10-0\/documents/);
    assert.equal(documents!.body.length, 1852);
    const tanger = documents!.body.find((d: { code: string }) => d.code === '01.511.01.0');
    const { neighbourhoods, ...rest } = tanger;
    assert.deepEqual(rest, { id: '01_511_01_0', code: '01.511.01.0', level: 'commune', datasetVersion: '1.10.0', names: ['tanger', 'طنجه'], aliases: ['tanja'], skeletons: ['tngr', 'tnj'], douars: [], douarSkeletons: [] });
    // A rural commune carries its douars' folded names and their skeletons (issue 14).
    const bniBoufrah = documents!.body.find((d: { code: string }) => d.code === '01.051.03.01');
    assert.equal(bniBoufrah.douars.length, 25);
    assert.ok(bniBoufrah.douars.includes('اجنانات') && bniBoufrah.douarSkeletons.includes('jnt'));
    // Its named places, folded (Poste Maroc's quarters of Tanger; OpenStreetMap's are in its arrondissements).
    assert.ok(neighbourhoods.includes('miramar') && neighbourhoods.includes('tingis'), neighbourhoods.slice(0, 5).join(', '));
    assert.ok(!neighbourhoods.includes('malabata'), 'Malabata is an arrondissement’s (OpenStreetMap), not the commune’s');
    const mghogha = documents!.body.find((d: { code: string }) => d.code === '01.511.01.05');
    assert.ok(mghogha.neighbourhoods.includes('malabata'));
    const [swap] = double.requestsTo('POST', /^\/swap-indexes$/);
    assert.deepEqual(swap!.body, [{ indexes: ['units-1-10-0', 'units'], rename: true }]);
    assert.deepEqual([...double.indexes.keys()], ['units']);
  });

  it('does nothing when the live index already serves the version', async () => {
    const before = double.requests.length;
    assert.equal((await loadMeilisearch(file, { url: double.url, indexUid: 'units' })).loaded, false);
    assert.equal(double.requestsTo('POST', /swap/).length, 1);
    assert.ok(double.requests.length - before <= 2);
  });

  it('swaps a rebuilt index in atomically and deletes the old one', async () => {
    await loadMeilisearch(file, { url: double.url, indexUid: 'units', force: true });
    const swaps = double.requestsTo('POST', /^\/swap-indexes$/);
    assert.deepEqual(swaps.at(-1)!.body, [{ indexes: ['units-1-10-0', 'units'], rename: false }]);
    assert.ok(double.requestsTo('DELETE', /^\/indexes\/units-1-10-0$/).length >= 2);
    assert.deepEqual([...double.indexes.keys()], ['units']);
    assert.equal(double.indexes.get('units')!.documents.size, 1852);
  });
});

describe('querying (search engine)', () => {
  it('sends the folded query over names and aliases and the skeleton over skeletons, with the level filter', async () => {
    const service = createSearchService(dir, { url: double.url });
    const count = double.requests.length;
    await service.hits({ q: 'Ktâma', levels: ['commune', 'cercle'], limit: 5 });
    const [request] = double.requests.slice(count);
    assert.equal(request!.path, '/multi-search');
    assert.deepEqual(request!.body.queries, [
      { indexUid: 'units', limit: 200, attributesToRetrieve: ['code'], filter: 'level IN [cercle, commune]', q: 'ktama', attributesToSearchOn: ['names', 'aliases'], matchingStrategy: 'last' },
      { indexUid: 'units', limit: 200, attributesToRetrieve: ['code'], filter: 'level IN [cercle, commune]', q: 'ktm', attributesToSearchOn: ['skeletons'], matchingStrategy: 'all' },
      { indexUid: 'units', limit: 200, attributesToRetrieve: ['code'], filter: 'level IN [cercle, commune]', q: 'ktama', attributesToSearchOn: ['neighbourhoods'], matchingStrategy: 'all' },
      { indexUid: 'units', limit: 200, attributesToRetrieve: ['code'], filter: 'level IN [cercle, commune]', q: 'ktama', attributesToSearchOn: ['douars'], matchingStrategy: 'all' },
      { indexUid: 'units', limit: 200, attributesToRetrieve: ['code'], filter: 'level IN [cercle, commune]', q: 'ktm', attributesToSearchOn: ['douarSkeletons'], matchingStrategy: 'all' },
    ]);
  });

  it('answers code queries without asking Meilisearch', async () => {
    const service = createSearchService(dir, { url: double.url });
    const count = double.requests.length;
    assert.equal((await service.hits({ q: '1511010', levels: null, limit: 5 }))[0]?.code, '01.511.01.0');
    assert.equal(double.requests.length, count);
  });

  it('falls back to the embedded engine when Meilisearch fails, and counts it', async () => {
    const service = createSearchService(dir, { url: double.url });
    const embedded = createSearchService(dir);
    const fallbacks = async () => (await register.getSingleMetric('search_engine_fallbacks_total')!.get()).values.reduce((n, v) => n + v.value, 0);
    const before = await fallbacks();
    double.failSearchesWith = 500;
    try {
      const hits = await service.hits({ q: 'Mogador', levels: null, limit: 10 });
      assert.deepEqual(hits, await embedded.hits({ q: 'Mogador', levels: null, limit: 10 }));
      assert.equal(hits[0]?.matched, 'alias');
    } finally {
      double.failSearchesWith = null;
    }
    double.corruptHits = true;
    try {
      assert.equal((await service.hits({ q: 'tanger', levels: null, limit: 1 }))[0]?.code, '01.511.01.0');
    } finally {
      double.corruptHits = false;
    }
    assert.equal(await fallbacks(), before + 2);
  });

  it('falls back when Meilisearch cannot be reached at all', async () => {
    const service = createSearchService(dir, { url: 'http://127.0.0.1:9', timeoutMs: 200 });
    assert.equal((await service.hits({ q: 'ktama', levels: null, limit: 1 }))[0]?.matched, 'spelling');
  });
});
