// Douar lists (issue 14): the pure rules (sort keys, filters, order of unpublished values) on
// the real douars of Bni Boufrah (01.051.03.01), and the catalog's answers built from them.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { checkDouarCode, douarCodePrefix, parseDouarSort, ProblemError, selectDouars, type DouarRecord, type DouarSort } from '@mc/contracts';
import { testBuildDir } from '@mc/test-support';
import { BuildFolderStore, CatalogService } from '../src/index.js';

const BNI_BOUFRAH = '01.051.03.01';
let douars: DouarRecord[];
const sorted = (sort: DouarSort, filters = {}) => selectDouars(douars, { sort, ...filters });

describe('douar list rules', () => {
  before(() => {
    douars = JSON.parse(readFileSync(join(testBuildDir(), `static/api/communes/${BNI_BOUFRAH}/douars.json`), 'utf8')).data;
  });

  it('sorts by distance to a health centre, farthest first, ties in code order', () => {
    const farthest = sorted(parseDouarSort('-distancesKm.healthCentre'));
    assert.deepEqual(farthest.slice(0, 3).map((d) => [d.code, d.distancesKm.healthCentre]), [['0510301204003', 18.21], ['0510301204004', 18.21], ['0510301203005', 15.88]]);
    const values = farthest.map((d) => d.distancesKm.healthCentre).filter((v): v is number => v !== null);
    assert.deepEqual(values, [...values].sort((a, b) => b - a));
    assert.equal(farthest.length, 25, 'sorting drops nothing');
  });

  it('puts douars whose distance is unpublished last in both directions', () => {
    const unpublished = douars.filter((d) => d.distancesKm.primarySchool === null).map((d) => d.code);
    assert.ok(unpublished.length > 0, 'Bni Boufrah has a douar without published distances');
    for (const sort of ['distancesKm.primarySchool', '-distancesKm.primarySchool']) assert.deepEqual(sorted(parseDouarSort(sort)).slice(-unpublished.length).map((d) => d.code), unpublished, sort);
  });

  it('filters by type, fraction and population bounds; an unpublished population meets no bound', () => {
    assert.ok(sorted(parseDouarSort(undefined), { type: 'grouped' }).every((d) => d.type === 'grouped'));
    const fraction = sorted(parseDouarSort('-population'), { fraction: '0510301201' });
    assert.ok(fraction.length > 0 && fraction.every((d) => d.fraction.code === '0510301201'));
    const big = sorted(parseDouarSort('-population'), { minPopulation: 400 });
    assert.ok(big.every((d) => d.population !== null && d.population >= 400));
    assert.equal(big[0]!.population, Math.max(...douars.map((d) => d.population ?? 0)));
    assert.equal(sorted(parseDouarSort(undefined), { minPopulation: 0 }).length, douars.filter((d) => d.population !== null).length);
  });

  it('reads sort keys and douar codes strictly', () => {
    assert.deepEqual(parseDouarSort('-distancesKm.primarySchool'), { key: 'distancesKm.primarySchool', descending: true });
    for (const bad of ['distance', 'distancesKm', 'shares.sex', '--population', 'density']) assert.throws(() => parseDouarSort(bad), (e: ProblemError) => e.kind === 'invalid-query', bad);
    assert.equal(douarCodePrefix(BNI_BOUFRAH), '0510301');
    assert.equal(checkDouarCode('0510301201001'), '0510301201001');
    for (const bad of ['051030120100', '05103012010011', '0510301201OO1']) assert.throws(() => checkDouarCode(bad), (e: ProblemError) => e.kind === 'invalid-code', bad);
  });
});

describe('the catalog’s douar answers', () => {
  let catalog: CatalogService;
  before(async () => {
    catalog = await CatalogService.open(BuildFolderStore.open(testBuildDir()));
  });

  it('one douar by code, found from its commune’s file', async () => {
    const answer = await catalog.lookup({ path: '/api/douars/0510301201011' });
    const body = JSON.parse(answer.file.body.toString('utf8'));
    assert.equal(answer.tier, 'computed');
    assert.deepEqual([body.data.code, body.data.commune, body.data.population, body.links.self], ['0510301201011', BNI_BOUFRAH, 89, '/api/douars/0510301201011']);
    await assert.rejects(catalog.lookup({ path: '/api/douars/0510301201999' }), (e: ProblemError) => e.kind === 'not-found' && e.detail === 'no douar has code 0510301201999');
    await assert.rejects(catalog.lookup({ path: '/api/douars/9990301201001' }), (e: ProblemError) => e.kind === 'not-found', 'a prefix of no commune');
  });

  it('a list in any spelling of the commune, paged with links; the alias route’s problems for others', async () => {
    const url = '/api/communes/bni-boufrah/douars?sort=-population';
    const answer = await catalog.douars({ commune: 'bni-boufrah', sort: parseDouarSort('-population'), page: 1, url });
    const body = JSON.parse(answer.file.body.toString('utf8'));
    assert.deepEqual(body.meta, { datasetVersion: '1.10.0', page: 1, perPage: 50, total: 25, totalPages: 1 });
    assert.deepEqual(body.data.map((d: DouarRecord) => d.code), sorted(parseDouarSort('-population')).map((d) => d.code));
    await assert.rejects(catalog.douars({ commune: BNI_BOUFRAH, sort: parseDouarSort(undefined), page: 2, url }), (e: ProblemError) => e.kind === 'not-found' && /no page 2/.test(e.detail));
    await assert.rejects(catalog.douars({ commune: '01.051', sort: parseDouarSort(undefined), page: 1, url }), (e: ProblemError) => e.kind === 'not-found' && /is a province/.test(e.detail));
    await assert.rejects(catalog.douars({ commune: '01.051.03.77', sort: parseDouarSort(undefined), page: 1, url }), (e: ProblemError) => e.kind === 'not-found' && /no unit has code/.test(e.detail));
  });
});
