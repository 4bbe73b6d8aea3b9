import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { planCommuneList, type ResolvedListFilters } from '../src/lists/list-plan.js';

describe('planCommuneList', () => {
  const base: ResolvedListFilters = { sort: { key: 'code', descending: false, figure: false }, page: 1 };
  it('aliases at most one filter in code order to its page file', () => {
    assert.deepEqual(planCommuneList({ ...base, page: 7 }), { kind: 'alias', path: '/api/communes/page/7.json' });
    assert.deepEqual(planCommuneList({ ...base, region: '01', page: 2 }), { kind: 'alias', path: '/api/regions/01/communes/page/2.json' });
    assert.deepEqual(planCommuneList({ ...base, cercle: '01.511.05' }), { kind: 'alias', path: '/api/cercles/01.511.05/communes/page/1.json' });
    assert.deepEqual(planCommuneList({ ...base, type: 'rural' }), { kind: 'alias', path: '/api/communes/type/rural/page/1.json' });
  });

  it('computes combinations, other orders and population bounds', () => {
    assert.equal(planCommuneList({ ...base, province: '01.511', type: 'urban' }).kind, 'computed');
    assert.equal(planCommuneList({ ...base, sort: { key: 'code', descending: true, figure: false } }).kind, 'computed');
    assert.equal(planCommuneList({ ...base, sort: { key: 'name', descending: false, figure: false } }).kind, 'computed');
    assert.equal(planCommuneList({ ...base, minPopulation: 0 }).kind, 'computed');
    assert.equal(planCommuneList({ ...base, region: '01', maxPopulation: 5 }).kind, 'computed');
  });
});

