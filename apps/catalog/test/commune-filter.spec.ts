// Commune list filters (filterCommunes), without HTTP, on the real commune records: the same
// communes, in the same order, as a plain test of each record, and the real counts.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import type { CommuneListQuery, CommuneRecord, Envelope } from '@mc/contracts';
import { testBuildDir } from '@mc/test-support';
import { PER_PAGE, pageCount } from '@mc/contracts';
import { filterCommunePage, filterCommunes, sortCommunes } from '../src/index.js';

type Filters = Omit<CommuneListQuery, 'sort' | 'page' | 'url'>;
let communes: CommuneRecord[];

/** What each filter means, record by record. */
function admits(c: CommuneRecord, f: Filters): boolean {
  const population = c.population['2024']?.total;
  if (f.region !== undefined && c.parents.region !== f.region) return false;
  if (f.province !== undefined && c.parents.province !== f.province) return false;
  if (f.cercle !== undefined && c.parents.cercle !== f.cercle) return false;
  if (f.type !== undefined && c.type !== f.type) return false;
  if (f.minPopulation !== undefined && !(population != null && population >= f.minPopulation)) return false;
  if (f.maxPopulation !== undefined && !(population != null && population <= f.maxPopulation)) return false;
  return true;
}

describe('filterCommunes', () => {
  before(() => {
    communes = [];
    const pages = join(testBuildDir(), 'static', 'api', 'communes', 'page');
    for (let page = 1; page <= 31; page++) communes.push(...(JSON.parse(readFileSync(join(pages, `${page}.json`), 'utf8')) as Envelope<CommuneRecord[]>).data);
  });

  it('admits what each filter admits, record by record, in the order given', () => {
    assert.equal(communes.length, 1503);
    const byDensity = sortCommunes(communes, { key: 'density', descending: true, figure: false } as CommuneListQuery['sort']);
    const cases: Filters[] = [
      {},
      { type: 'urban' },
      { type: 'rural', region: '01' },
      { province: '01.511', type: 'urban' },
      { cercle: '01.511.01' },
      { minPopulation: 100_000 },
      { maxPopulation: 1_000 },
      { minPopulation: 20_000, maxPopulation: 20_500, region: '06' },
      { minPopulation: 0 },
      { region: '12', province: '01.511' },
    ];
    for (const order of [communes, byDensity]) {
      for (const filters of cases) {
        const expected = order.filter((c) => admits(c, filters)).map((c) => c.code);
        assert.deepEqual(filterCommunes(order, filters).map((c) => c.code), expected, JSON.stringify(filters));
      }
    }
  });

  it('gives the real counts: 242 urban communes, 3 in Tanger-Assilah, none in two régions at once', () => {
    assert.equal(filterCommunes(communes, { type: 'urban' }).length, 242);
    assert.deepEqual(filterCommunes(communes, { province: '01.511', type: 'urban' }).map((c) => c.code), ['01.511.01.0', '01.511.01.01', '01.511.01.09']);
    assert.equal(filterCommunes(communes, { region: '12', province: '01.511' }).length, 0);
    const big = filterCommunes(communes, { minPopulation: 1_000_000 });
    assert.ok(big.every((c) => c.population['2024']!.total! >= 1_000_000));
    assert.ok(big.some((c) => c.slug === 'tanger'));
  });

  it('gives one page of the same list, and its length, without copying the rest (filterCommunePage)', () => {
    const byPopulation = sortCommunes(communes, { key: 'population', descending: false, figure: false } as CommuneListQuery['sort']);
    const cases: Filters[] = [{}, { type: 'urban' }, { minPopulation: 277, maxPopulation: 1962 }, { province: '01.511', type: 'urban' }, { region: '12', province: '01.511' }, { maxPopulation: 1_000 }];
    for (const filters of cases) {
      const whole = filterCommunes(byPopulation, filters);
      for (let page = 1; page <= pageCount(whole.length) + 1; page++) {
        const { rows, total } = filterCommunePage(byPopulation, filters, page);
        assert.equal(total, whole.length, JSON.stringify(filters));
        assert.deepEqual(rows.map((c) => c.code), whole.slice((page - 1) * PER_PAGE, page * PER_PAGE).map((c) => c.code), `${JSON.stringify(filters)} page ${page}`);
      }
    }
    // The real counts: 1,503 communes in 31 pages, the last of 3; 242 urban in 5 pages.
    assert.deepEqual([filterCommunePage(communes, {}, 31).rows.length, filterCommunePage(communes, {}, 31).total], [3, 1503]);
    assert.deepEqual([filterCommunePage(communes, { type: 'urban' }, 5).rows.length, filterCommunePage(communes, { type: 'urban' }, 5).total], [42, 242]);
  });

  it('returns a list of its own: changing it changes no kept order', () => {
    const all = filterCommunes(communes, {});
    all.pop();
    assert.equal(communes.length, 1503);
  });
});
