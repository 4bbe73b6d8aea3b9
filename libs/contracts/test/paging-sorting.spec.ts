import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ProblemError, compareByValue, pageCount, pagedEnvelope, parseSort, problemDocument, withPage } from '../src/index.js';

describe('paging', () => {
  it('counts pages of 50 with an empty list still on page 1', () => {
    assert.equal(pageCount(1503), 31);
    assert.equal(pageCount(242), 5);
    assert.equal(pageCount(0), 1);
    assert.equal(pageCount(50), 1);
    assert.equal(pageCount(51), 2);
  });

  it('builds page meta and links', () => {
    const rows = Array.from({ length: 103 }, (_, i) => i);
    const last = pagedEnvelope(rows, 3, '1.10.0', (n) => `/p/${n}.json`);
    assert.deepEqual(last.meta, { datasetVersion: '1.10.0', page: 3, perPage: 50, total: 103, totalPages: 3 });
    assert.deepEqual(last.links, { self: '/p/3.json', prev: '/p/2.json', next: null });
    assert.deepEqual(last.data, [100, 101, 102]);
  });

  it('sets page in a query string without losing the other parameters', () => {
    assert.equal(withPage('/api/communes?province=01.511&type=urban', 2), '/api/communes?province=01.511&type=urban&page=2');
    assert.equal(withPage('/api/communes?page=3&sort=-population', 2), '/api/communes?page=2&sort=-population');
  });
});

describe('sorting', () => {
  it('parses plain keys with an optional minus', () => {
    assert.deepEqual(parseSort(undefined), { key: 'code', descending: false, figure: false });
    assert.deepEqual(parseSort('-population'), { key: 'population', descending: true, figure: false });
    assert.deepEqual(parseSort('-labour.unemploymentRate'), { key: 'labour.unemploymentRate', descending: true, figure: true });
    assert.throws(() => parseSort('banana'), (e: unknown) => e instanceof ProblemError && e.kind === 'invalid-query');
    assert.throws(() => parseSort('labour..x'), ProblemError);
  });

  it('puts missing values last in both directions and breaks ties by code', () => {
    const rows = [
      { code: 'c', v: null },
      { code: 'b', v: 2 },
      { code: 'a', v: 2 },
      { code: 'd', v: 5 },
      { code: 'e', v: null },
    ];
    const codes = (descending: boolean) => [...rows].sort(compareByValue((r) => r.v, descending)).map((r) => r.code).join('');
    assert.equal(codes(false), 'abdce');
    assert.equal(codes(true), 'dabce');
  });
});

describe('problemDocument', () => {
  it('uses the contract titles and a docs link', () => {
    assert.deepEqual(problemDocument('invalid-code', 'x', '/api/communes/!!!', 'https://example.org/'), {
      type: 'https://example.org/docs/api/#invalid-code',
      title: 'Malformed code or slug',
      status: 400,
      detail: 'x',
      instance: '/api/communes/!!!',
    });
    assert.equal(problemDocument('not-found', 'x', '/', 'http://h').title, 'Resource not found');
    assert.equal(problemDocument('invalid-query', 'x', '/', 'http://h').title, 'Invalid query parameter');
  });
});
