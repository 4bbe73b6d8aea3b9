// Figure sort values (figureValue) read from the parts of the indicators records the catalog
// keeps (sortableIndicators), against the whole records, on the real build: every census path
// of both catalogues, every commune.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import type { CommuneRecord, Envelope } from '@mc/contracts';
import { testBuildDir } from '@mc/test-support';
import { figureValue, sortableIndicators, type FigureCatalogues, type FigureSource } from '../src/lists/figure-values.js';

type Json = Record<string, any>;
let communes: CommuneRecord[];
let catalogues: FigureCatalogues;
let whole: Map<string, Json>;

const read = (path: string) => JSON.parse(readFileSync(join(testBuildDir(), 'static', path), 'utf8'));
const sourceOf = (records: Map<string, Json | undefined>): FigureSource => ({ indicators: (code) => records.get(code), economy: () => undefined });

describe('sortableIndicators', () => {
  before(() => {
    communes = [];
    for (let page = 1; page <= 31; page++) communes.push(...(read(`api/communes/page/${page}.json`) as Envelope<CommuneRecord[]>).data);
    const [indicators, indicators2014] = [read('data/v1/indicators/fields.json'), read('data/v1/indicators/2014/fields.json')];
    catalogues = {
      indicators: { people: indicators.people, households: indicators.households },
      indicators2014: { people: indicators2014.people, households: indicators2014.households },
      economy: [],
    };
    whole = new Map(communes.map((c) => [c.code, read(`api/communes/${c.code}/indicators.json`).data as Json]));
  });

  it('gives every census sort key the value the whole record gives, for every commune', () => {
    const kept = new Map([...whole].map(([code, record]) => [code, sortableIndicators(record)]));
    const comparable = [...catalogues.indicators2014.people, ...catalogues.indicators2014.households].flatMap((f) => (f.comparableTo ? [f.comparableTo] : []));
    const paths = [
      ...[...catalogues.indicators.people, ...catalogues.indicators.households].map((f) => f.path),
      ...comparable.map((path) => `2014.${path}`),
      ...comparable.map((path) => `change.${path}`),
    ];
    assert.ok(paths.length > 100 && comparable.length > 10, `${paths.length} paths, ${comparable.length} comparable to 2014`);
    let figures = 0;
    for (const path of paths) {
      const [fromWhole, fromKept] = [figureValue(path, catalogues, sourceOf(whole)), figureValue(path, catalogues, sourceOf(kept))];
      for (const commune of communes) {
        const value = fromWhole.value(commune);
        assert.equal(fromKept.value(commune), value, `${path} of ${commune.code}`);
        if (value !== null) figures += 1;
      }
    }
    assert.ok(figures > paths.length * communes.length * 0.8, `${figures} figures, not nulls, of ${paths.length * communes.length}`);
  });

  it('keeps the totals of both years and drops the breakdowns: a record keeps under a third of its size', () => {
    const record = whole.get('01.051.01.01')!;
    const kept = sortableIndicators(record)!;
    assert.deepEqual(kept.people.total.all, record.people.total.all);
    assert.deepEqual(kept['2014'].households.total, record['2014'].households.total);
    assert.equal(kept.people.urban, undefined);
    assert.ok(JSON.stringify(kept).length < JSON.stringify(record).length / 3);
    assert.equal(sortableIndicators(whole.get('01.511.01.0'))!['2014'], null, 'Tanger-Assilah has no 2014 block: none is made up');
    assert.equal(sortableIndicators(undefined), undefined);
  });
});
